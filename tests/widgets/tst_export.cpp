// SPDX-License-Identifier: GPL-3.0-or-later
// Export: every format from the command line as an instructor would use it (headless), checked by
// reading the files back; bad input; and the window's export, comparison, series and clipboard.
#include "attention.h"
#include "gui_driver.h"
#include "lecture.h"
#include "matrix_io.h"
#include "model/attention_model.h"
#include "render/figure.h"
#include "run_program.h"
#include "shown_window.h"
#include "widgets/export_dialog.h"
#include "widgets/main_window.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QImage>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <fstream>

namespace {

// The numbers the exported pictures must show: the lecture's printed ones (tests/support/lecture.h) and, for the
// others, core's, written with four decimals as the pictures write them.
QString four(double v)
{
    return lecture::printed(v);
}
const QString kBlock1Weight02 = four(lecture::block1Weights00[2]); // 0.9977, lecture block 1
const QString kExerciseRow0Sum = four(lecture::exerciseRow0Sum); // 0.8702, the exercise
QString exerciseOverQueries(int row, int col) // the exercise, softmax over queries (dim -2)
{
    static const attn::Result r = attn::compute(lecture::exercise(-2));
    return four(col < 0 ? r.attention.stats.rowSums(0, row) : r.attention.weights(0, row, col));
}
QString exerciseOverKeys(int row, int col)
{
    static const attn::Result r = attn::compute(lecture::exercise(-1));
    return four(r.attention.weights(0, row, col));
}
QString block1Weight(int row, int col)
{
    static const attn::Result r = attn::compute(lecture::block1());
    return four(r.attention.weights(0, row, col));
}

Run runHeadless(const QStringList &args)
{
    return runProgram(args, true);
}

const QStringList kBlock1 { "--batch", "2", "--len", "5", "--d-model", "8", "--d-k", "4", "--seed", "0" };

QByteArray head(const QString &path, int n)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return f.read(n);
}

QByteArray contents(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Distinct colours in the middle half of an image: a heatmap has many, a blank area one.
int colorsInCentre(const QImage &img)
{
    QSet<QRgb> colors;
    for (int y = img.height() / 4; y < img.height() * 3 / 4; y += 3)
        for (int x = img.width() / 4; x < img.width() * 3 / 4; x += 3)
            colors.insert(img.pixel(x, y));
    return int(colors.size());
}

QString pdfText(const QString &path)
{
    const QString tool = QStandardPaths::findExecutable("pdftotext");
    if (tool.isEmpty())
        return {};
    QProcess p;
    p.start(tool, { path, "-" });
    p.waitForFinished(30000);
    return QString::fromUtf8(p.readAllStandardOutput());
}

// Where pdftotext -bbox puts a word: the top left corner of its first occurrence in points; (-1, -1)
// when the word is not there.
QPointF wordPosition(const QString &path, const QString &word)
{
    QProcess p;
    p.start(QStandardPaths::findExecutable("pdftotext"), { "-bbox", path, "-" });
    p.waitForFinished(30000);
    const QRegularExpression re(QStringLiteral("<word xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\"[^>]*>%1</word>")
                                    .arg(QRegularExpression::escape(word)));
    const QRegularExpressionMatch m = re.match(QString::fromUtf8(p.readAllStandardOutput()));
    return m.hasMatch() ? QPointF(m.captured(1).toDouble(), m.captured(2).toDouble()) : QPointF(-1, -1);
}

// Every word pdftotext -bbox finds, with its box in points.
QList<QPair<QString, QRectF>> pdfWords(const QString &path)
{
    QProcess p;
    p.start(QStandardPaths::findExecutable("pdftotext"), { "-bbox", path, "-" });
    p.waitForFinished(30000);
    const QRegularExpression re(QStringLiteral(
        "<word xMin=\"([0-9.]+)\" yMin=\"([0-9.]+)\" xMax=\"([0-9.]+)\" yMax=\"([0-9.]+)\">([^<]*)</word>"));
    QList<QPair<QString, QRectF>> words;
    for (auto it = re.globalMatch(QString::fromUtf8(p.readAllStandardOutput())); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        words << qMakePair(m.captured(5),
            QRectF(QPointF(m.captured(1).toDouble(), m.captured(2).toDouble()),
                QPointF(m.captured(3).toDouble(), m.captured(4).toDouble())));
    }
    return words;
}

// The rows of an image that have dark ink (a grey level under 128) in them, from the top: the first
// band of such rows (the title's), as [first, last].
QPair<int, int> firstInkBand(const QImage &img)
{
    int first = -1, last = -1;
    for (int y = 0; y < img.height(); ++y) {
        bool ink = false;
        for (int x = 0; x < img.width() && !ink; ++x)
            ink = qGray(img.pixel(x, y)) < 128;
        if (ink) {
            first = first < 0 ? y : first;
            last = y;
        } else if (first >= 0)
            break;
    }
    return { first, last };
}

} // namespace

class TestExport : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void png();
    void pngPixelRatioAndTransparency();
    void jpg();
    void pdfHasTextAndAxisLabels();
    void pdfHeatmapIsLossless();
    void exportedComparisonHasSumPanels();
    void exportedComparisonHasItsEntropiesAtEverySize();
    void svgHasTextAndAxisLabels();
    void fontsAreTheRealOnesAndChineseIsSimplified();
    void noTextUnder8Units_data();
    void noTextUnder8Units();
    void colourScaleShowsItsEnds();
    void titleIsNotClipped();
    void chineseTitleBreaksBetweenItsGroups();
    void narrowComparisonIsStackedWithoutPanels();
    void paperColumnMapTakesTheHeight();
    void csvEqualsCore();
    void npyEqualsCore();
    void npyOpensInNumpy();
    void compareIsTwiceAsWide();
    void seriesWritesOneFilePerValue();
    void badInput_data();
    void badInput();
    void failedExportKeepsExistingFile();
    void windowExports();
    void exportDialogSizesForPaper();
    void copyImageToClipboard();

private:
    QTemporaryDir m_dir;
    QString path(const QString &name) const { return m_dir.filePath(name); }
};

void TestExport::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QVERIFY(m_dir.isValid());
}

void TestExport::png()
{
    const Run r = runHeadless(kBlock1 + QStringList { "--export", path("block1.png"), "--size", "800x600" });
    QCOMPARE(r.exitCode, 0);
    QVERIFY(r.err.isEmpty());
    QCOMPARE(head(path("block1.png"), 8), QByteArray("\x89PNG\r\n\x1a\n", 8));
    const QImage img(path("block1.png"));
    QCOMPARE(img.size(), QSize(800, 600));
    QVERIFY2(colorsInCentre(img) > 20, qPrintable(QString::number(colorsInCentre(img))));
    // viridis' yellow end for the lecture's weights[0][0][2] = 0.9977 is there
    bool yellow = false;
    for (int y = 0; y < img.height() && !yellow; y += 4)
        for (int x = 0; x < img.width() && !yellow; x += 4) {
            const QColor c = img.pixelColor(x, y);
            yellow = std::abs(c.red() - 0xfd) + std::abs(c.green() - 0xe7) + std::abs(c.blue() - 0x25) < 12;
        }
    QVERIFY(yellow);
}

void TestExport::pngPixelRatioAndTransparency()
{
    QCOMPARE(
        runHeadless(kBlock1
            + QStringList { "--export", path("hidpi.png"), "--size", "600x400", "--pixel-ratio", "2", "--transparent" })
            .exitCode,
        0);
    const QImage img(path("hidpi.png"));
    QCOMPARE(img.size(), QSize(1200, 800));
    QVERIFY(img.hasAlphaChannel());
    QCOMPARE(qAlpha(img.pixel(1, 1)), 0); // the corner is background
    QCOMPARE(qAlpha(img.pixel(600, 400)), 255); // the heatmap is opaque
}

void TestExport::jpg()
{
    QCOMPARE(runHeadless(kBlock1 + QStringList { "--export", path("block1.jpg") }).exitCode, 0);
    QCOMPARE(head(path("block1.jpg"), 3), QByteArray("\xff\xd8\xff", 3));
    const QImage img(path("block1.jpg"));
    QCOMPARE(img.size(), QSize(1200, 900));
    QVERIFY(colorsInCentre(img) > 20);
}

void TestExport::pdfHasTextAndAxisLabels()
{
    QCOMPARE(runHeadless(kBlock1 + QStringList { "--export", path("block1.pdf") }).exitCode, 0);
    QCOMPARE(head(path("block1.pdf"), 5), QByteArray("%PDF-"));
    QVERIFY(QFileInfo(path("block1.pdf")).size() > 5000);
    QVERIFY2(!QStandardPaths::findExecutable("pdftotext").isEmpty(), "pdftotext (poppler-utils) is needed");
    // No text at all is the defect this guards: words drawn as outlines or a picture of the page.
    const QString text = pdfText(path("block1.pdf"));
    QVERIFY2(!text.trimmed().isEmpty(), "pdftotext finds no text in the PDF");
    QVERIFY2(text.contains("key j") && text.contains("query i"), qPrintable(text));
    QVERIFY(text.contains(kBlock1Weight02)); // the cell values are text too
    QVERIFY(text.contains("d_k = 4")); // the title line
}

// The heatmap's image in a PDF is stored losslessly (Flate), not as a JPEG, whose ringing shows at
// the cell edges at 600 dpi; pdfimages -list names each image's encoding.
void TestExport::pdfHeatmapIsLossless()
{
    const QString file = path("narrow.pdf");
    QCOMPARE(runHeadless(
                 QStringList { "--preset", "wrong-dim", "--export-compare", "softmax-dim", file, "--size", "252x180" })
                 .exitCode,
        0);
    const QString tool = QStandardPaths::findExecutable("pdfimages");
    QVERIFY2(!tool.isEmpty(), "pdfimages (poppler-utils) is needed");
    QProcess p;
    p.start(tool, { "-list", file });
    QVERIFY(p.waitForFinished(30000));
    const QStringList lines = QString::fromUtf8(p.readAllStandardOutput()).split('\n', Qt::SkipEmptyParts).mid(2);
    QVERIFY2(lines.size() >= 2, qPrintable(lines.join("\n"))); // the two heatmaps (and the colour scale)
    for (const QString &line : lines) {
        const QStringList fields = line.simplified().split(' ');
        QVERIFY2(fields.size() > 8 && fields[8] == "image", qPrintable(line)); // enc: image (Flate), not jpeg
    }
}

// The exported exercise shows what it exists for: row 0 of softmax over queries sums to 0.8702 (the
// lecture's number), written beside the map; --no-panels leaves the sums out.
void TestExport::exportedComparisonHasSumPanels()
{
    const QStringList args { "--preset", "wrong-dim", "--export-compare", "softmax-dim" };
    QCOMPARE(runHeadless(args + QStringList { path("panels.pdf") }).exitCode, 0);
    const QString with = pdfText(path("panels.pdf"));
    QVERIFY2(!with.isEmpty(), "pdftotext (poppler-utils) is needed");
    QVERIFY2(with.contains(kExerciseRow0Sum) && with.contains(exerciseOverQueries(1, -1)) && with.contains("row sum"),
        qPrintable(with));
    QVERIFY(with.contains("col. sum"));
    QCOMPARE(runHeadless(args + QStringList { path("nopanels.pdf"), "--no-panels" }).exitCode, 0);
    const QString without = pdfText(path("nopanels.pdf"));
    QVERIFY(!without.contains(kExerciseRow0Sum) && !without.contains("row sum"));
    QVERIFY(without.contains(exerciseOverQueries(0, 3))); // the cells are still there
}

void TestExport::svgHasTextAndAxisLabels()
{
    QCOMPARE(runHeadless(kBlock1 + QStringList { "--export", path("block1.svg") }).exitCode, 0);
    const QByteArray svg = contents(path("block1.svg"));
    QVERIFY(svg.contains("<svg"));
    QVERIFY(svg.contains(">key j</text>"));
    QVERIFY(svg.contains(">query i</text>"));
    QVERIFY(svg.contains(">attention weight</text>"));
    QVERIFY(svg.contains(">0.9977</text>"));
    QVERIFY(svg.contains("<image")); // the cells are one embedded image
}

// A Chinese PDF embeds the Simplified Chinese face (fontconfig's fallback for Han gave Noto Sans CJK JP), an
// English one no CJK font at all, and an SVG names the family it was laid out with (it said "Sans Serif", which a
// viewer resolves to another font, so that its legend's text ran into the swatches).
void TestExport::fontsAreTheRealOnesAndChineseIsSimplified()
{
    QCOMPARE(runHeadless(kBlock1 + QStringList { "--lang", "zh", "--export", path("zh.pdf") }).exitCode, 0);
    const QByteArray zh = contents(path("zh.pdf"));
    QVERIFY(zh.contains("/BaseFont"));
    QVERIFY2(zh.contains("NotoSansCJKsc-"), "no Noto Sans CJK SC in the Chinese PDF");
    QVERIFY(!zh.contains("NotoSansCJKjp") && !zh.contains("NotoSansCJKtc") && !zh.contains("NotoSansCJKkr"));
    QCOMPARE(runHeadless(kBlock1 + QStringList { "--lang", "en", "--export", path("en.pdf") }).exitCode, 0);
    const QByteArray en = contents(path("en.pdf"));
    QVERIFY(en.contains("DejaVuSans"));
    QVERIFY2(!en.contains("NotoSansCJK"), "a CJK font in an English PDF");
    QCOMPARE(runHeadless(kBlock1 + QStringList { "--export", path("fonts.svg") }).exitCode, 0);
    const QByteArray svg = contents(path("fonts.svg"));
    QVERIFY(!svg.contains(R"(font-family="Sans Serif")"));
    QVERIFY(svg.contains(R"(font-family="DejaVu Sans")"));
}

void TestExport::noTextUnder8Units_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("cellValue"); // written in a cell at 8 units or more; empty: not asked
    for (const QString size : { "252x190", "252x330", "504x250", "1200x900" })
        for (const bool panels : { true, false }) {
            const QStringList extra
                = QStringList { "--size", size } + (panels ? QStringList() : QStringList { "--no-panels" });
            const QString tag = size + (panels ? "" : " no panels");
            QTest::addRow("wrong-dim %s", qPrintable(tag))
                << (QStringList { "--preset", "wrong-dim", "--export" } + QStringList { "OUT" } + extra) << "";
            QTest::addRow("qkv-basics %s", qPrintable(tag))
                << (QStringList { "--preset", "qkv-basics", "--export" } + QStringList { "OUT" } + extra) << "";
            QTest::addRow("compare scaling %s", qPrintable(tag))
                << (QStringList { "--preset", "wrong-dim", "--export-compare", "scaling", "OUT" } + extra) << "";
            // The exercise's cells are large enough for their values at 504 × 250 (28.8 × 45 units)
            // and, stacked, in a paper column without the sums.
            const bool values = size == "504x250" || (size == "252x330" && !panels) || size == "1200x900";
            QTest::addRow("compare softmax-dim %s", qPrintable(tag))
                << (QStringList { "--preset", "wrong-dim", "--export-compare", "softmax-dim", "OUT" } + extra)
                << (values ? exerciseOverQueries(0, 3) : "");
        }
}

// Papers want 8 points at least: every piece of text of an exported figure (title, subtitles, axes,
// colour scale, the numbers in cells and on bars) is 8 units or more, at a paper column's sizes and at
// the default; what does not fit at 8 is wrapped or left out. The title is never smaller than the
// subtitles under it.
void TestExport::noTextUnder8Units()
{
    QFETCH(QStringList, args);
    QFETCH(QString, cellValue);
    const QString file = path(QString("small-%1.svg").arg(QTest::currentDataTag()).replace(' ', '_'));
    args.replace(args.indexOf("OUT"), file);
    const Run r = runHeadless(args);
    QVERIFY2(r.exitCode == 0, r.err.constData());
    const QString svg = QString::fromUtf8(contents(file));
    const QRegularExpression re(
        QStringLiteral("<text\\b[^>]*\\bfont-size=\"([0-9.]+)\"[^>]*\\bfont-weight=\"([0-9]+)\"[^>]*>([^<]*)</text>"));
    int texts = 0;
    double smallestTitle = 1e9, largestSubtitle = 0;
    bool valueAt8 = false;
    for (auto it = re.globalMatch(svg); it.hasNext();) {
        const QRegularExpressionMatch m = it.next();
        const double size = m.captured(1).toDouble();
        const QString text = m.captured(3).trimmed();
        ++texts;
        QVERIFY2(size >= 8, qPrintable(QString("'%1' at %2 units").arg(text).arg(size)));
        bool number = false;
        QString(text).replace(QChar(0x2212), QLatin1Char('-')).toDouble(&number);
        if (m.captured(2).toInt() >= 600 && !number) // (cell values may be bold too)
            smallestTitle = std::min(smallestTitle, size);
        else if (text.startsWith("softmax over") || text.startsWith("scaled by") || text == "not scaled")
            largestSubtitle = std::max(largestSubtitle, size);
        valueAt8 = valueAt8 || (text == cellValue && size >= 8);
    }
    QVERIFY2(texts > 20, qPrintable(QString::number(texts)));
    QVERIFY2(smallestTitle >= largestSubtitle,
        qPrintable(QString("title %1, subtitles %2").arg(smallestTitle).arg(largestSubtitle)));
    if (!cellValue.isEmpty())
        QVERIFY2(valueAt8, qPrintable(cellValue));
}

// The colour scale beside the map ends where the map ends, with its labels on the page: "0" at its
// foot too (it ran to the page's edge under the column sums, where its "0" was cut off).
void TestExport::colourScaleShowsItsEnds()
{
    for (const QStringList &args : { QStringList { "--preset", "wrong-dim", "--export", path("scale.pdf") },
             QStringList { "--preset", "wrong-dim", "--export-compare", "softmax-dim", path("scale.pdf") } }) {
        QCOMPARE(runHeadless(args).exitCode, 0);
        const auto words = pdfWords(path("scale.pdf"));
        QVERIFY2(!words.isEmpty(), "pdftotext (poppler-utils) is needed");
        QRectF tick02, tick08;
        for (const auto &w : words) {
            if (w.first == "0.2")
                tick02 = w.second;
            if (w.first == "0.8")
                tick08 = w.second;
        }
        QVERIFY2(tick02.isValid() && tick08.isValid(), qPrintable(args.join(' ')));
        const double step = (tick02.top() - tick08.top()) / 3; // the scale's ticks, 0.2 apart
        bool zero = false;
        for (const auto &w : words)
            zero = zero
                || (w.first == "0" && std::fabs(w.second.left() - tick02.left()) < 2
                    && std::fabs(w.second.top() - (tick02.top() + step)) < 2 && w.second.bottom() <= 900);
        QVERIFY2(zero, qPrintable(args.join(' ')));
    }
}

// The title has the height of its text: at 252 × 330 a stacked comparison asked for more height than
// it had, and every row was squeezed, the title's descenders (g y p j q _ and the parentheses) cut off.
// Its ink is as tall as when the figure has room to spare (at the same text size).
void TestExport::titleIsNotClipped()
{
    const auto base = std::make_shared<const attn::Result>(attn::compute(lecture::exercise(-2)));
    FigureOptions o;
    o.title = "Query gyp_jq (dim)";
    o.pixelRatio = 4;
    o.size = QSize(252, 480); // text at 8 units, as at 330, with room to spare
    const QPair<int, int> roomy = firstInkBand(renderFigure(comparePanels(base, CompareKind::Scaling), o));
    o.size = QSize(252, 330);
    const QPair<int, int> column = firstInkBand(renderFigure(comparePanels(base, CompareKind::Scaling), o));
    QVERIFY(roomy.first >= 0 && roomy.second > roomy.first + 20);
    QVERIFY2(column.second - column.first >= roomy.second - roomy.first - 1,
        qPrintable(QString("ink %1 to %2, with room %3 to %4")
                       .arg(column.first)
                       .arg(column.second)
                       .arg(roomy.first)
                       .arg(roomy.second)));
}

// A Chinese title breaks between its groups, not inside "（L = 1，S = 6，种子 0）" (a 3.5-inch figure's title read
// "（L =" on one line and "1，S = 6，种子 0）" on the next: the full-width parentheses were not seen as groups).
void TestExport::chineseTitleBreaksBetweenItsGroups()
{
    QFont font;
    font.setPixelSize(20);
    const QFontMetricsF fm(font);
    const QString group = QStringLiteral("（L = 1，S = 6，种子 0）");
    const QString title = QStringLiteral("d_k = 64，沿键维 softmax（dim −1）") + group;
    for (const double extra : { 4.0, 40.0, 120.0 }) {
        const int width = int(fm.horizontalAdvance(group) + extra);
        QVERIFY(fm.horizontalAdvance(title) > width);
        const QStringList lines = wrapLines(title, fm, width);
        QVERIFY2(lines.size() > 1 && lines.contains(group), qPrintable(lines.join(" | ")));
        // nothing lost (a break at a space takes the space), no space added between the groups
        QCOMPARE(lines.join(QString()).remove(' '), QString(title).remove(' '));
        QVERIFY(!lines.join('\n').contains(QStringLiteral("） （")));
        for (const QString &line : lines)
            QVERIFY2(fm.horizontalAdvance(line) <= width, qPrintable(line));
    }
    // (as an English title keeps "(L = 1, S = 6, seed 0)" whole)
    const QString english = QStringLiteral("d_k = 64, softmax over keys (dim −1) (L = 1, S = 6, seed 0)");
    QVERIFY(wrapLines(english, fm, int(fm.horizontalAdvance("(L = 1, S = 6, seed 0)") + 4))
                .contains(QStringLiteral("(L = 1, S = 6, seed 0)")));
}

// A comparison too narrow for two maps side by side is stacked without its sums too: each map has the
// column's width and its cells their values (side by side, they were 15 × 85 units and empty).
// Block 2's point, the entropies 0.4053 (not scaled) and 1.5694 (scaled) that the lecture prints, is in the
// exported comparison at a slide's size (its entropy panels) and at a paper's, 7 and 3.5 inches wide, where no
// entropy panel has room (in the sides' names); the largest weights 0.3486 and 0.8638 are in its cells at a slide's
// size and in the 3.5-inch column (the export dialog's paper preset, 252 × 330), where the map keeps the width.
void TestExport::exportedComparisonHasItsEntropiesAtEverySize()
{
    for (const char *size : { "2400x900", "252x330" }) {
        const QString file = path(QStringLiteral("weights-%1.pdf").arg(size));
        QCOMPARE(
            runHeadless({ "--preset", "why-scale", "--export-compare", "scaling", file, "--size", size }).exitCode, 0);
        const QString text = pdfText(file);
        QVERIFY2(text.contains("0.3486") && text.contains("0.8638"), qPrintable(QString(size) + ": " + text));
    }
    for (const char *size : { "2400x900", "504x252", "252x300" }) {
        const QString file = path(QStringLiteral("entropies-%1.pdf").arg(size));
        QCOMPARE(
            runHeadless({ "--preset", "why-scale", "--export-compare", "scaling", file, "--size", size }).exitCode, 0);
        const QString text = pdfText(file);
        QVERIFY2(!text.isEmpty(), "pdftotext (poppler-utils) is needed");
        QVERIFY2(text.contains("0.4053") && text.contains("1.5694"), qPrintable(QString(size) + ": " + text));
    }
}

void TestExport::narrowComparisonIsStackedWithoutPanels()
{
    const QString file = path("stacked-nopanels.pdf");
    QCOMPARE(runHeadless({ "--preset", "wrong-dim", "--export-compare", "softmax-dim", file, "--size", "252x330",
                             "--no-panels" })
                 .exitCode,
        0);
    const QPointF keys = wordPosition(file, "keys"), queries = wordPosition(file, "queries");
    QVERIFY2(keys.y() >= 0 && queries.y() > keys.y() + 100, qPrintable(pdfText(file)));
    QVERIFY(std::fabs(queries.x() - keys.x()) < 60);
    const QString text = pdfText(file);
    QVERIFY2(text.contains(exerciseOverQueries(0, 3)) && text.contains(exerciseOverKeys(0, 3)),
        qPrintable(text)); // both maps' cells
}

// A 5 × 5 map in a paper column's figure (252 × 190) has the height the text around it leaves: no
// blank rows above it (an empty subtitle row and QCustomPlot's 50-unit minimums squeezed everything).
// With a title of one line its cells take their values at 8 units; the settings' default title needs
// two lines, which leave cells 10.4 units high, short of the 12.3 that 8-unit values need.
void TestExport::paperColumnMapTakesTheHeight()
{
    const QString file = path("a7.pdf");
    for (const QStringList &title : { QStringList { "--title", "Attention weights" }, QStringList { "--no-title" } }) {
        QCOMPARE(runHeadless(QStringList { "--preset", "qkv-basics", "--export", file, "--size", "252x190" } + title)
                     .exitCode,
            0);
        const QString text = pdfText(file);
        QVERIFY2(text.contains(kBlock1Weight02) && text.contains(block1Weight(4, 1)), qPrintable(text));
    }
    // the Export dialog's paper-column size for one map (252 x 270) leaves room for the default title
    ExportDialog dialog(FigureOptions(), false, 1);
    dialog.choosePreset(ExportDialog::Preset::PaperColumn);
    QCOMPARE(dialog.options().size, QSize(252, 270));
    QCOMPARE(runHeadless({ "--preset", "qkv-basics", "--export", file, "--size", "252x270" }).exitCode, 0);
    QVERIFY2(pdfText(file).contains(kBlock1Weight02), qPrintable(pdfText(file)));
}

void TestExport::csvEqualsCore()
{
    QCOMPARE(runHeadless(kBlock1 + QStringList { "--batch-index", "1", "--export", path("w.csv") }).exitCode, 0);
    attn::Params p = lecture::block1();
    p.batchIndex = 1;
    const attn::Result r = attn::compute(p);
    const QList<QByteArray> lines = contents(path("w.csv")).trimmed().split('\n');
    QCOMPARE(lines.size(), 5);
    for (int i = 0; i < 5; ++i) {
        const QList<QByteArray> cells = lines[i].split(',');
        QCOMPARE(cells.size(), 5);
        for (int j = 0; j < 5; ++j)
            QCOMPARE(cells[j].toFloat(), r.attention.weights(1, i, j)); // 9 digits give the float back exactly
    }
    // masked logits are written as -inf
    QCOMPARE(runHeadless({ "--mask", "causal", "--show", "logits", "--export", path("logits.csv") }).exitCode, 0);
    QVERIFY(contents(path("logits.csv")).split('\n').first().endsWith(",-inf,-inf,-inf,-inf"));
}

void TestExport::npyEqualsCore()
{
    QCOMPARE(runHeadless(kBlock1 + QStringList { "--export", path("w.npy") }).exitCode, 0);
    QCOMPARE(head(path("w.npy"), 6), QByteArray("\x93NUMPY"));
    std::ifstream in(path("w.npy").toStdString(), std::ios::binary);
    std::string error;
    const auto a = attn::readNpy(in, &error);
    QVERIFY2(a.has_value(), error.c_str());
    QCOMPARE(a->shape, (std::vector<std::size_t> { 2, 5, 5 }));
    const attn::FloatVector weights = attn::compute(lecture::block1()).attention.weights.data;
    QCOMPARE(a->data, std::vector<float>(weights.begin(), weights.end()));
}

void TestExport::npyOpensInNumpy()
{
    const QString python = QFile::exists("/usr/bin/python3") ? "/usr/bin/python3" : QString();
    QProcess check;
    if (!python.isEmpty()) {
        check.start(python, { "-c", "import numpy" });
        check.waitForFinished(60000);
    }
    QVERIFY2(!python.isEmpty() && check.exitCode() == 0, "/usr/bin/python3 with NumPy (python3-numpy) is needed");
    QCOMPARE(runHeadless(kBlock1 + QStringList { "--export", path("np.npy") }).exitCode, 0);
    QProcess p;
    p.start(python,
        { "-c",
            "import numpy, sys; a = numpy.load(sys.argv[1]); "
            "print(a.shape, a.dtype, a.flags['C_CONTIGUOUS'], '%.4f' % a[0, 0, 2], '%.4f' % a.sum(axis=-1).max())",
            path("np.npy") });
    QVERIFY(p.waitForFinished(60000));
    QCOMPARE(QString::fromUtf8(p.readAllStandardOutput()).trimmed(), QString("(2, 5, 5) float32 True 0.9977 1.0000"));
}

void TestExport::compareIsTwiceAsWide()
{
    QCOMPARE(runHeadless({ "--mode", "direct", "--len", "1", "--keys", "6", "--d-k", "64", "--export-compare",
                             "scaling", path("why-scale.png") })
                 .exitCode,
        0);
    QCOMPARE(runHeadless(kBlock1 + QStringList { "--export", path("single.png") }).exitCode, 0);
    const QImage both(path("why-scale.png")), one(path("single.png"));
    QCOMPARE(both.width(), 2 * one.width());
    QCOMPARE(both.height(), one.height());
    QCOMPARE(runHeadless({ "--mode", "direct", "--len", "3", "--keys", "5", "--no-scale", "--export-compare",
                             "softmax-dim", path("wrong-dim.svg") })
                 .exitCode,
        0);
    const QByteArray svg = contents(path("wrong-dim.svg"));
    QVERIFY(svg.contains("softmax over keys (dim −1)"));
    QVERIFY(svg.contains("softmax over queries (dim −2)"));
    // Block 2's point, its two entropies (the lecture: 1.5694 scaled, 0.4053 not), beside each map.
    QCOMPARE(runHeadless({ "--preset", "why-scale", "--export-compare", "scaling", path("block2.svg") }).exitCode, 0);
    const QByteArray block2 = contents(path("block2.svg"));
    QVERIFY(block2.contains("entropy"));
    QVERIFY2(block2.contains("1.5694") && block2.contains("0.4053"), block2.left(400).constData());
}

void TestExport::seriesWritesOneFilePerValue()
{
    const QString dir = path("series/slides"); // created
    const Run r = runHeadless({ "--mode", "direct", "--len", "8", "--export-series", "d-k=1,4,16,64,256", dir });
    QCOMPARE(r.exitCode, 0);
    const QStringList files = QDir(dir).entryList(QDir::Files, QDir::Name);
    QCOMPARE(files, QStringList({ "d-k_1.png", "d-k_16.png", "d-k_256.png", "d-k_4.png", "d-k_64.png" }));
    for (const QString &f : files)
        QCOMPARE(QImage(QDir(dir).filePath(f)).size(), QSize(1200, 900));
    QVERIFY(contents(QDir(dir).filePath("d-k_1.png")) != contents(QDir(dir).filePath("d-k_256.png")));

    QCOMPARE(
        runHeadless({ "--export-series", "mask=none,causal,pad:2", "--format", "pdf", path("masks") }).exitCode, 0);
    QCOMPARE(QDir(path("masks")).entryList(QDir::Files, QDir::Name),
        QStringList({ "mask_causal.pdf", "mask_none.pdf", "mask_pad-2.pdf" }));
}

void TestExport::badInput_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("message");
    QTest::addColumn<QString>("file"); // must not exist afterwards
    QTest::newRow("unknown suffix") << QStringList { "--export", "OUT/x.bmp" } << "--export: unknown format"
                                    << "x.bmp";
    QTest::newRow("unwritable folder") << QStringList { "--export", "OUT/no/such/dir/x.png" }
                                       << "--export: cannot write"
                                       << "no/such/dir/x.png";
    QTest::newRow("size 0") << QStringList { "--export", "OUT/x.png", "--size", "0x600" }
                            << "--size: width and height must be from 1 to 20000"
                            << "x.png";
    QTest::newRow("size too large") << QStringList { "--export", "OUT/x.png", "--size", "20001x600" }
                                    << "--size: width and height must be from 1 to 20000"
                                    << "x.png";
    QTest::newRow("ratio too large") << QStringList { "--export", "OUT/x.png", "--size", "8000x600", "--pixel-ratio",
        "4" } << "--pixel-ratio: 32000"
                                     << "x.png";
    QTest::newRow("series bad value") << QStringList { "--export-series", "d-k=4,0,16", "OUT/s" }
                                      << "--export-series: value '0': --d-k: must be from 1"
                                      << "s";
    QTest::newRow("series bad name") << QStringList { "--export-series", "colour=1,2", "OUT/s" }
                                     << "--export-series: expected NAME=V1,V2"
                                     << "s";
    QTest::newRow("series no dir") << QStringList { "--export-series", "d-k=1,2" }
                                   << "--export-series: expected one output DIR"
                                   << "s";
    QTest::newRow("compare kind") << QStringList { "--export-compare", "colours", "OUT/c.png" }
                                  << "--export-compare: expected scaling or softmax-dim"
                                  << "c.png";
    QTest::newRow("compare suffix") << QStringList { "--export-compare", "scaling", "OUT/c.csv" }
                                    << "--export-compare: unknown image format"
                                    << "c.csv";
    QTest::newRow("colormap") << QStringList { "--export", "OUT/x.png", "--colormap", "rainbow" }
                              << "--colormap: expected one of viridis"
                              << "x.png";
}

void TestExport::badInput()
{
    QFETCH(QStringList, args);
    QFETCH(QString, message);
    QFETCH(QString, file);
    for (QString &a : args)
        a.replace("OUT", path("bad"));
    QDir().mkpath(path("bad"));
    const Run r = runHeadless(args);
    QCOMPARE(r.exitCode, 2);
    QCOMPARE(r.err.count('\n'), 1);
    QVERIFY2(QString::fromUtf8(r.err).startsWith("attention-viz: " + message), r.err.constData());
    QVERIFY(!QFileInfo::exists(path("bad/" + file)));
    QCOMPARE(QDir(path("bad")).entryList(QDir::NoDotAndDotDot | QDir::AllEntries | QDir::Hidden).size(), 0);
}

void TestExport::failedExportKeepsExistingFile()
{
    const QString file = path("keep.png");
    QCOMPARE(runHeadless(kBlock1 + QStringList { "--export", file, "--size", "300x200" }).exitCode, 0);
    const QByteArray before = contents(file);
    QCOMPARE(runHeadless({ "--export", file, "--d-k", "0" }).exitCode, 2);
    QCOMPARE(contents(file), before);
    QCOMPARE(runHeadless({ "--export", file, "--size", "640x480" }).exitCode, 0); // replaced as a whole
    QCOMPARE(QImage(file).size(), QSize(640, 480));
}

void TestExport::windowExports()
{
    AttentionModel model;
    model.setParams(lecture::block2(true));
    MainWindow window(&model, false);
    QString error;
    QVERIFY2(window.exportTo(path("win.pdf"), &error), qPrintable(error));
    QCOMPARE(head(path("win.pdf"), 5), QByteArray("%PDF-"));
    QVERIFY(window.exportTo(path("win.csv"), &error));
    const QList<QByteArray> cells = contents(path("win.csv")).trimmed().split(',');
    QCOMPARE(cells.size(), 6);
    QVERIFY(lecture::printsAs(cells[1].toDouble(), lecture::block2ScaledMax));
    QVERIFY(!window.exportTo(path("win.xyz"), &error));
    QVERIFY(error.contains("unknown format"));
    QVERIFY(window.exportComparison(path("win-compare.png"), CompareKind::Scaling, &error));
    QCOMPARE(QImage(path("win-compare.png")).width(), 2400);
    QStringList written;
    QVERIFY(window.exportDkSeries(path("winseries"), { 1, 64 }, &written, &error));
    QCOMPARE(written, QStringList({ "d-k_1.png", "d-k_64.png" }));
    QCOMPARE(model.params().dK, 64); // the window's own settings are untouched
}

// File > Export's dialog: the paper-column preset gives a 3.5-inch (252-point) PDF with the title
// typed, and 300 dpi for a PNG; a comparison keeps the width; a file without a known suffix cannot be
// exported.
void TestExport::exportDialogSizesForPaper()
{
    AttentionModel model;
    model.setParams(lecture::exercise(-2));
    MainWindow window(&model, false);
    ExportDialog dialog(window.comparisonFigureOptions(CompareKind::SoftmaxDim), true, 2);
    dialog.setPath(path("column.pdf"));
    dialog.choosePreset(ExportDialog::Preset::PaperColumn);
    gui::find<QLineEdit>(&dialog, "export-title")->setText("Softmax over the wrong dim");
    QVERIFY(gui::find<QLabel>(&dialog, "export-summary")->text().contains("3.50 ×"));
    FigureOptions o = dialog.options();
    QCOMPARE(o.size.width(), 252);
    QString error;
    QVERIFY2(window.exportComparison(dialog.path(), CompareKind::SoftmaxDim, &error, &o), qPrintable(error));
    const QString info = QStandardPaths::findExecutable("pdfinfo");
    QVERIFY2(!info.isEmpty(), "pdfinfo (poppler-utils) is needed");
    QProcess p;
    p.start(info, { path("column.pdf") });
    QVERIFY(p.waitForFinished(30000));
    const QString out = QString::fromUtf8(p.readAllStandardOutput());
    QVERIFY2(out.contains(QRegularExpression("Page size:\\s+252 x 330 pts")), qPrintable(out));
    const QString text = pdfText(path("column.pdf"));
    QVERIFY(text.contains("Softmax over the wrong dim"));
    // One map above the other, so that each has the column's width: the sums beside them (the
    // mistake's 0.8702) and the values in their cells, at 8 points or more.
    QVERIFY2(text.contains(kExerciseRow0Sum) && text.contains(exerciseOverQueries(1, -1))
            && text.contains(exerciseOverQueries(0, 3)),
        qPrintable(text));
    const QPointF keys = wordPosition(path("column.pdf"), "keys"),
                  queries = wordPosition(path("column.pdf"), "queries");
    QVERIFY2(keys.y() >= 0 && queries.y() > keys.y() + 100, qPrintable(text)); // "over queries" well below "over keys"
    QVERIFY(std::fabs(queries.x() - keys.x()) < 60); // in the same column
    // the same preset for a PNG: 300 dpi, so 3.5 inches are 1050 pixels
    dialog.setPath(path("column.png"));
    QVERIFY(gui::find<QLabel>(&dialog, "export-summary")->text().contains("1050 × 1375 pixels"));
    o = dialog.options();
    QVERIFY(window.exportComparison(dialog.path(), CompareKind::SoftmaxDim, &error, &o));
    QCOMPARE(QImage(path("column.png")).size(), QSize(1050, 1375));
    // and says 300 dpi (the ratio 300/72 to three decimals), so that it is placed 3.5 inches wide
    const double dpi = QImage(path("column.png")).dotsPerMeterX() * 0.0254;
    QVERIFY2(std::fabs(dpi - 300.0) < 0.5, qPrintable(QString::number(dpi)));
    // no suffix: nothing to export
    dialog.setPath(path("column"));
    QVERIFY(!dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok)->isEnabled());
}

void TestExport::copyImageToClipboard()
{
    const auto shown = showWindow();
    QVERIFY(shown);
    QAction *copy = shown->window.findChild<QAction *>("copyImageAction");
    QVERIFY(copy);
    QCOMPARE(copy->shortcut(), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    QGuiApplication::clipboard()->clear();
    QVERIFY(gui::chooseMenu(&shown->window, { "File", "Copy image" }));
    const QImage img = QGuiApplication::clipboard()->image();
    QCOMPARE(img.size(), QSize(1200, 900));
    QVERIFY(colorsInCentre(img) > 20);
}

QTEST_MAIN(TestExport)
#include "tst_export.moc"
