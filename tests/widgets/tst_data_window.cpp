// SPDX-License-Identifier: GPL-3.0-or-later
// Loaded data in the window as a user opens it: files named q, k, v (chosen together, or dropped on the
// window) or one .npz; the Source box names the files and the sizes they fix cannot be changed; the heatmap
// shows PyTorch's weights; a file that cannot be used leaves the state as it was, with the reason; choosing
// another source goes back to the draws.

#include "gui_driver.h"
#include "shown_window.h"

#include "fixtures.h"
#include "io/array_files.h"
#include "mha_settings.h"
#include "multihead.h"
#include "render/color_maps.h"
#include "run_program.h"
#include "widgets/heads_window.h"
#include "widgets/undo_history.h"
#include "widgets/weights_window.h"

#include <qcustomplot.h>

#include <QImageReader>
#include <QMimeData>
#include <QProcess>
#include <QSpinBox>
#include <QStatusBar>
#include <QTemporaryDir>
#include <numeric>

class TestDataWindow : public QObject
{
    Q_OBJECT

private slots:
    void init() { QVERIFY(m_shown = showWindow()); }
    void cleanup() { m_shown.reset(); }
    void openNamedFiles();
    void dropAnArchive();
    void dataShowsWhatItComputes();
    void badDataKeepsTheState();
    void headsGrid();
    void headsGridExports();
    void headsCostIsTheCores();
    void weightsAlone();
    void weightsMapLarge();
    void weightsPictureFromTheCommandLine();

private:
    std::unique_ptr<ShownWindow> m_shown;
    AttentionModel &model() { return m_shown->model; }
    MainWindow &window() { return m_shown->window; }
    // nn.MultiheadAttention's heads in the window, and View > Heads opened on them by Ctrl+H.
    HeadsWindow *showHeads(const attn::MultiheadSettings &s)
    {
        model().setParams(attn::multiheadParams(attn::Params(), s));
        window().settle();
        gui::pressKey(&window(), Qt::Key_H, Qt::ControlModifier);
        return window().findChild<HeadsWindow *>("headsWindow");
    }
    static QString fixture(const QString &name) { return QStringLiteral(ATTN_ARRAY_FIXTURES) + "/" + name; }
    static QJsonObject manifest()
    {
        QFile f(fixture("manifest.json"));
        if (!f.open(QIODevice::ReadOnly))
            qFatal("cannot open the manifest");
        return QJsonDocument::fromJson(f.readAll()).object();
    }
};

void TestDataWindow::openNamedFiles()
{
    QTemporaryDir dir;
    // As a notebook saves them: np.save("q.npy", ...), np.save("layer0_keys.npy", ...), np.save("v.npy", ...).
    QVERIFY(QFile::copy(fixture("torch_q.npy"), dir.filePath("q.npy")));
    QVERIFY(QFile::copy(fixture("torch_k.npy"), dir.filePath("layer0_keys.npy")));
    QVERIFY(QFile::copy(fixture("torch_v.npy"), dir.filePath("v.npy")));
    QString error;
    QVERIFY2(
        window().openData({ dir.filePath("v.npy"), dir.filePath("layer0_keys.npy"), dir.filePath("q.npy") }, &error),
        qPrintable(error));
    window().settle();
    const attn::Params p = model().params();
    QVERIFY(p.loaded);
    QCOMPARE(p.queryLength, 5);
    QCOMPARE(p.keyLength, 6);
    auto *source = gui::find<QComboBox>(&window(), "source");
    QCOMPARE(source->currentText(), QString("Files: q.npy, layer0_keys.npy, v.npy"));
    for (const char *name : { "dk-spin", "len-spin", "batch-spin" })
        QVERIFY2(!gui::find<QWidget>(&window(), name)->isEnabled(), name);
    // PyTorch's weights, cell by cell.
    const std::vector<float> torch = fixtureValues(manifest().value("torch").toObject().value("weights").toObject());
    const auto r = model().result();
    for (std::size_t i = 0; i < torch.size(); ++i)
        QVERIFY(std::abs(r->attention.weights.data[i] - torch[i]) < 1e-6);
    // The settings still apply: softmax over the queries.
    QVERIFY(gui::click(gui::find<QRadioButton>(&window(), "over-queries")));
    window().settle();
    QVERIFY(model().params().loaded);
    QVERIFY(std::abs(model().result()->attention.stats.colSums(0, 0) - 1.0) < 1e-5);
    // Back to the draws.
    QVERIFY(gui::chooseInCombo(source, "Direct Q, K, V"));
    window().settle();
    QVERIFY(!model().params().loaded);
    QVERIFY(gui::find<QWidget>(&window(), "dk-spin")->isEnabled());
    QCOMPARE(source->findText("Files: q.npy, layer0_keys.npy, v.npy"), -1);
}

// After the exercise (not scaled, over dim -2, compared), new data is shown as it computes: ÷√d_k over the keys, no
// mask, no comparison or caption of the example's; the status bar says so once, and undo gives the exercise back.
void TestDataWindow::dataShowsWhatItComputes()
{
    QVERIFY(gui::chooseMenu(&window(), { "Lecture", "Exercise: softmax over the wrong dim (−2)   (wrong-dim)" }));
    gui::deliverQueued();
    const attn::Params exercise = model().params();
    QCOMPARE(exercise.softmaxDim, -2);
    QString error;
    QVERIFY2(window().openData({ fixture("qkv_deflated.npz") }, &error), qPrintable(error));
    window().settle();
    const attn::Params p = model().params();
    QVERIFY(p.loaded);
    QCOMPARE(p.scaling, attn::Scaling::InvSqrtDk);
    QCOMPARE(p.softmaxDim, -1);
    QCOMPARE(p.mask, attn::MaskKind::None);
    QCOMPARE(model().compare(), CompareKind::None);
    QCOMPARE(window().captionText(), QString());
    QVERIFY2(window().statusBar()->currentMessage().contains("shown divided by √d_k, softmax over the keys, no mask"),
        qPrintable(window().statusBar()->currentMessage()));
    QVERIFY2(window().windowTitle().contains("your data"), qPrintable(window().windowTitle()));
    window().undoHistory()->undo();
    gui::deliverQueued();
    QCOMPARE(model().params(), exercise);
    QCOMPARE(model().compare(), CompareKind::SoftmaxDim);
    QVERIFY(window().captionText().startsWith("The exercise"));
}

void TestDataWindow::dropAnArchive()
{
    QMimeData data;
    data.setUrls({ QUrl::fromLocalFile(fixture("qkv_deflated.npz")) });
    const QPoint at = window().rect().center();
    QDragEnterEvent enter(at, Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(at), Qt::CopyAction, &data, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(&window(), &drop);
    window().settle();
    const attn::Params p = model().params();
    QVERIFY(p.loaded);
    QCOMPARE(p.tokens, (std::vector<std::string> { "the", "cat", "sat", "down" }));
    QCOMPARE(gui::find<QComboBox>(&window(), "source")->currentText(), QString("Files: qkv_deflated.npz"));
}

void TestDataWindow::badDataKeepsTheState()
{
    const attn::Params before = model().params();
    QString error;
    QVERIFY(!window().openData({ fixture("shape_L_d.npy") }, &error));
    QVERIFY2(error.contains("cannot tell whether it holds Q, K or V"), qPrintable(error));
    // a broken file is said to be broken, whatever its name
    QVERIFY(!window().openData({ fixture("truncated.npy") }, &error));
    QVERIFY2(error.contains("truncated.npy: its header says 24 values"), qPrintable(error));
    QVERIFY(!window().openData({ fixture("bomb.npz") }, &error));
    QVERIFY2(error.contains("bomb.npz: q.npy unpacks to 3221225472 bytes"), qPrintable(error));
    QTemporaryDir dir;
    QVERIFY(QFile::copy(fixture("shape_L_d.npy"), dir.filePath("q.npy")));
    QVERIFY(QFile::copy(fixture("truncated.npy"), dir.filePath("k.npy")));
    QVERIFY(!window().openData({ dir.filePath("q.npy"), dir.filePath("k.npy") }, &error));
    QVERIFY2(error.contains("k.npy: its header says 24 values"), qPrintable(error));
    QVERIFY(!window().openData({ dir.filePath("q.npy") }, &error));
    QVERIFY2(error.contains("Open Q and K together"), qPrintable(error));
    window().settle();
    QVERIFY(model().params() == before);
}

// File > Examples opens the trained example; View > Heads shows its two heads side by side with their mean
// entropy (the core's), the mean over the heads and the largest; a click on a head shows it in the main window.
void TestDataWindow::headsGrid()
{
    QVERIFY(gui::chooseMenu(&window(), { "File", "Examples", "Trained: reversing 8 digits (one layer, 2 heads)" }));
    window().settle();
    QVERIFY(model().params().loaded);
    QCOMPARE(model().params().batch, 2);
    // The title says it is the program's own example, not the user's data.
    QCOMPARE(window().windowTitle(), QString("attention-viz — the built-in example (reverse.npz)"));
    QVERIFY(gui::chooseMenu(&window(), { "View", "Heads: every head's map side by side" }));
    auto *heads = window().findChild<HeadsWindow *>("headsWindow");
    QVERIFY(heads && heads->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(heads->tiles().size(), 4, gui::kPatienceMs); // 2 heads, their mean and their max
    QCOMPARE(heads->windowTitle(), QString("attention-viz — heads of reverse.npz"));
    const auto r = model().result();
    for (int h = 0; h < 2; ++h) {
        QCOMPARE(heads->tiles()[h]->title(), QString("head %1").arg(h)); // (one batch element: its heads)
        QCOMPARE(heads->tiles()[h]->below(),
            QString("entropy %1 nats").arg(attn::summarize(*r, h).meanRowEntropy, 0, 'f', 3));
    }
    QCOMPARE(heads->tiles()[2]->title(), QString("mean of 2 heads"));
    const attn::HeadsOverview &o = heads->overview();
    for (int k = 0; k < 64; ++k) {
        const float a = r->attention.weights.data[std::size_t(k)], b = r->attention.weights.data[std::size_t(64 + k)];
        QCOMPARE(o.mean.data[std::size_t(k)], (a + b) / 2.0f);
        QCOMPARE(o.max.data[std::size_t(k)], std::max(a, b));
    }
    QVERIFY(heads->statusText().startsWith("B = 1, H = 2 heads, L = 8, S = 8."));
    QTest::mouseClick(heads->tiles()[1], Qt::LeftButton, {}, heads->tiles()[1]->rect().center());
    window().settle();
    QCOMPARE(model().params().batchIndex, 1);
    // the boxes say what B and the element are: 1 batch element of 2 heads
    QCOMPARE(window().findChild<QSpinBox *>("batch-spin")->text(), QString("2 = 1 batch × 2 heads"));
    QCOMPARE(window().findChild<QSpinBox *>("batch-index-spin")->text(), QString("1 = batch 0, head 1"));
    // And by keys, as a click: → and ← in the Heads window step through the heads, round the end.
    heads->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(heads));
    QTest::keyClick(heads, Qt::Key_Right);
    window().settle();
    QCOMPARE(model().params().batchIndex, 0);
    QTest::keyClick(heads, Qt::Key_Left);
    window().settle();
    QCOMPARE(model().params().batchIndex, 1);
    QVERIFY(heads->isVisible());
}

// The Heads window's grid as a picture: nn.MultiheadAttention(64, 8)'s heads, each tile with its title and mean
// entropy, their mean, in PNG (twice the grid's pixels, tiles coloured), PDF (the text as text: pdftotext reads
// it) and SVG; an unknown format and a missing folder are refused by name, leaving no file.
void TestDataWindow::headsGridExports()
{
    HeadsWindow *heads = showHeads(mhaSettings(1, 6, 64, 8));
    QVERIFY(heads && heads->isVisible());
    QTRY_COMPARE_WITH_TIMEOUT(heads->tiles().size(), 10, gui::kPatienceMs);
    QTRY_VERIFY_WITH_TIMEOUT(heads->tiles()[9]->isVisible(), gui::kPatienceMs); // (shown by the layout, queued)
    QTemporaryDir dir;
    QString error;
    QVERIFY2(heads->exportGrid(dir.filePath("heads.png"), &error), qPrintable(error));
    const QImage png(dir.filePath("heads.png"));
    QVERIFY(!png.isNull());
    if (!qEnvironmentVariableIsEmpty("HEADS_PNG")) {
        png.save(qEnvironmentVariable("HEADS_PNG"));
    }
    const HeadTile *first = heads->tiles()[0];
    QVERIFY(png.width() >= 2 * first->width() * 4); // (at least four tiles across, at ratio 2)
    // the middle of the first tile's map is a viridis colour, not the background
    const int line = QFontMetrics(heads->font()).height();
    const QColor c = png.pixelColor(2 * (4 + first->width() / 2), 2 * (2 * line + line + first->width() / 3));
    QVERIFY2(c != heads->palette().window().color(), qPrintable(c.name()));
    QVERIFY2(heads->exportGrid(dir.filePath("heads.pdf"), &error), qPrintable(error));
    QProcess text;
    text.start("pdftotext", { dir.filePath("heads.pdf"), "-" });
    QVERIFY(text.waitForFinished(30000));
    const QString pdf = QString::fromUtf8(text.readAllStandardOutput()).simplified();
    QVERIFY2(pdf.contains("mean of 8 heads") && pdf.contains("head 7"), qPrintable(pdf));
    QVERIFY2(pdf.contains(first->below().simplified()), qPrintable(first->below() + " | " + pdf));
    QVERIFY2(heads->exportGrid(dir.filePath("heads.svg"), &error), qPrintable(error));
    QFile svg(dir.filePath("heads.svg"));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("mean of 8 heads"));
    if (!qEnvironmentVariableIsEmpty("HEADS_PNG"))
        QFile::copy(dir.filePath("heads.pdf"), qEnvironmentVariable("HEADS_PNG") + ".pdf");
    QVERIFY(!heads->exportGrid(dir.filePath("heads.bmp"), &error));
    QVERIFY2(error.contains("unknown image format '.bmp'"), qPrintable(error));
    QVERIFY(!heads->exportGrid(dir.filePath("missing/heads.png"), &error));
    QVERIFY(!error.isEmpty());
    QVERIFY(!QFile::exists(dir.filePath("heads.bmp")) && !QFile::exists(dir.filePath("missing/heads.png")));
    heads->close();
}

// The heads window's cost of nn.MultiheadAttention(512, 8) over 6 tokens: every count is core's multiheadCost for
// 8 heads and for one head of 512 (equal totals), the ÷√d_model mistake's entropy is core's for those draws and
// higher than the right one, and Measure both adds the times it took.
void TestDataWindow::headsCostIsTheCores()
{
    HeadsWindow *heads = showHeads(mhaSettings(1, 6, 512, 8));
    QVERIFY(heads && heads->isVisible());
    QTRY_VERIFY_WITH_TIMEOUT(!heads->costText().isEmpty(), gui::kPatienceMs);
    const QString cost = heads->costText();
    const attn::MultiheadCost eight = attn::multiheadCost(1, 6, 512, 8), one = attn::multiheadCost(1, 6, 512, 1);
    const QLocale locale;
    QCOMPARE(eight.exponentials, 8 * one.exponentials); // (8 softmaxes of 6 x 6)
    for (double v : { eight.projections, eight.scores, eight.weightedSums, eight.outProjection, eight.total(),
             one.projections, one.scores, one.total(), eight.exponentials, one.exponentials })
        QVERIFY2(cost.contains(locale.toString(qlonglong(v))), qPrintable(QString::number(v) + " | " + cost));
    QCOMPARE(cost.count(locale.toString(qlonglong(eight.total()))), 2); // both columns' totals, the same
    const attn::MultiheadResult *m = attn::multiheadOf(model().params());
    QVERIFY(m);
    const auto mean = [](const std::vector<double> &v) { return std::accumulate(v.begin(), v.end(), 0.0) / v.size(); };
    const double right = mean(attn::multiheadMeanEntropies(*m, 8.0)),
                 wrong = mean(attn::multiheadMeanEntropies(*m, std::sqrt(512.0)));
    QVERIFY(wrong > right);
    QVERIFY2(cost.contains(
                 QString("the heads' mean entropy %1 nats instead of %2").arg(wrong, 0, 'f', 3).arg(right, 0, 'f', 3)),
        qPrintable(cost));
    QVERIFY(!cost.contains("measured here"));
    heads->measure(1);
    QVERIFY2(
        heads->costText().contains("measured here (median of 1 runs each): 8 heads"), qPrintable(heads->costText()));
    heads->close();
}

// Weights alone (a capture's attn, or a file of weights) open in their own window, as they are: every map with
// its mean entropy, the chosen one large with each row's sum and entropy, and what is odd about them said.
void TestDataWindow::weightsAlone()
{
    const attn::Params before = model().params();
    QString error;
    QVERIFY2(window().openData({ fixture("weights_attn.npz") }, &error), qPrintable(error));
    WeightsWindow *w = window().weightsWindow();
    QVERIFY(w && w->isVisible());
    QCOMPARE(w->tiles().size(), 6); // 2 layers x 1 batch x 3 heads
    QVERIFY(model().params() == before); // the main window keeps its own
    QVERIFY2(w->warningText().isEmpty(), qPrintable(w->warningText())); // softmax rows: nothing odd
    QTest::mouseClick(w->tiles()[4], Qt::LeftButton, {}, w->tiles()[4]->rect().center());
    QCOMPARE(w->selected(), 4);
    QVERIFY2(w->statsText().startsWith("layer 1 · batch 0 · head 1"), qPrintable(w->statsText()));
    for (const double s : w->summary().rowSums)
        QVERIFY(std::abs(s - 1.0) < 1e-5);
    // Rows that are not a softmax, and negative weights, are said.
    QTemporaryDir dir;
    QFile f(dir.filePath("weights.csv"));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("0.5,0.4\n-0.2,1.2\n0.3,0.3\n");
    f.close();
    QVERIFY2(window().openData({ dir.filePath("weights.csv") }, &error), qPrintable(error));
    QCOMPARE(w->tiles().size(), 1);
    QVERIFY2(
        w->warningText().contains("rows that do not sum to 1: 2 of 3 (from 0.6 to 1)"), qPrintable(w->warningText()));
    QVERIFY2(w->warningText().contains("negative weights: 1"), qPrintable(w->warningText()));
    QVERIFY(w->statsText().contains("row   2: sum 0.6000, entropy 0.7224"));
}

// Whether the picture has a pixel of exactly the colour viridis gives v (a map is drawn whole at these sizes).
static bool hasColourOf(const QImage &image, double v)
{
    QCPColorGradient viridis = colorGradient(QStringLiteral("viridis"));
    const QRgb want = viridis.color(v, QCPRange(0, 1)) | 0xff000000u;
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    for (int y = 0; y < rgb.height(); ++y)
        for (int x = 0; x < rgb.width(); ++x)
            if ((rgb.pixel(x, y) | 0xff000000u) == want)
                return true;
    return false;
}

static float largest(const attn::LoadedWeights &w, int map)
{
    const float *m = w.map(map / (w.batch * w.heads), (map / w.heads) % w.batch, map % w.heads);
    return *std::max_element(m, m + std::size_t(w.rows) * std::size_t(w.cols));
}

// The chosen map large: its cells are the file's, the hover names each weight, the keys choose maps, and Export
// writes the map shown.
void TestDataWindow::weightsMapLarge()
{
    QString error;
    QVERIFY2(window().openData({ fixture("weights_attn.npz") }, &error), qPrintable(error));
    WeightsWindow *w = window().weightsWindow();
    QVERIFY(w && w->isVisible());
    QString why;
    const auto weights = io::loadWeights(fixture("weights_attn.npz"), &why);
    QVERIFY2(weights, qPrintable(why));
    // keys: Right, Down (a row is a layer's 3 heads), End, Home
    QVERIFY(gui::reactivate(w)); // the keys go to the active window: this one, not the main window's shortcuts
    QTRY_VERIFY_WITH_TIMEOUT(w->isActiveWindow(), gui::kPatienceMs);
    gui::pressKey(w, Qt::Key_Right);
    QCOMPARE(w->selected(), 1);
    gui::pressKey(w, Qt::Key_Down);
    QCOMPARE(w->selected(), 4);
    gui::pressKey(w, Qt::Key_Down); // no further row: stays on the last map
    QCOMPARE(w->selected(), 5);
    gui::pressKey(w, Qt::Key_Home);
    QCOMPARE(w->selected(), 0);
    gui::pressKey(w, Qt::Key_End);
    QCOMPARE(w->selected(), 5);
    // hover text: the file's weight of the shown map (layer 1, batch 0, head 2)
    const float v = weights->map(1, 0, 2)[2 * 4 + 3];
    QCOMPARE(w->cellText(2, 3), QString("query 2, key 3: weight %1").arg(double(v), 0, 'f', 4));
    QVERIFY(w->cellText(4, 0).isEmpty()); // outside the map
    // the picture of the map shown, and not of another
    QTemporaryDir dir;
    QVERIFY2(w->exportTo(dir.filePath("m.png"), &error), qPrintable(error));
    const QImage picture(dir.filePath("m.png"));
    QCOMPARE(picture.size(), QSize(1000, 900));
    QVERIFY(hasColourOf(picture, largest(*weights, 5)));
    w->select(0);
    QVERIFY2(w->exportTo(dir.filePath("first.png"), &error), qPrintable(error));
    QVERIFY(QImage(dir.filePath("first.png")) != picture);
    // the map's numbers as CSV: the file's, row by row; JSON: every map's sums and entropies
    QVERIFY2(w->exportTo(dir.filePath("m.csv"), &error), qPrintable(error));
    QFile csv(dir.filePath("m.csv"));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QList<QByteArray> lines = csv.readAll().trimmed().split('\n');
    QCOMPARE(lines.size(), 4);
    QCOMPARE(lines[2].split(',')[3].toFloat(), weights->map(0, 0, 0)[2 * 4 + 3]);
    QVERIFY2(w->exportTo(dir.filePath("m.json"), &error), qPrintable(error));
    QFile json(dir.filePath("m.json"));
    QVERIFY(json.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(json.readAll()).object().value("maps").toArray().size(), 6);
    QVERIFY(!w->exportTo(dir.filePath("m.txt"), &error));
    QVERIFY2(error.contains("unknown image format '.txt'"), qPrintable(error));
    QVERIFY(!QFile::exists(dir.filePath("m.txt")));
}

// --load-weights FILE --export PICTURE [--map N | L,B,H]: one map drawn, at --size.
void TestDataWindow::weightsPictureFromTheCommandLine()
{
    QTemporaryDir dir;
    QString why;
    const auto weights = io::loadWeights(fixture("weights_attn.npz"), &why);
    QVERIFY2(weights, qPrintable(why));
    const Run a = runProgram({ "--load-weights", fixture("weights_attn.npz"), "--map", "1,0,1", "--export",
        dir.filePath("a.png"), "--size", "640x560" });
    QVERIFY2(a.exitCode == 0, a.err.constData());
    const Run b = runProgram({ "--load-weights", fixture("weights_attn.npz"), "--map", "4", "--export",
        dir.filePath("b.png"), "--size", "640x560" });
    QVERIFY2(b.exitCode == 0, b.err.constData());
    const QImage pa(dir.filePath("a.png")), pb(dir.filePath("b.png"));
    QCOMPARE(pa.size(), QSize(640, 560));
    QCOMPARE(pa, pb); // map 4 is layer 1, batch 0, head 1
    QVERIFY(hasColourOf(pa, largest(*weights, 4)));
    const Run other = runProgram({ "--load-weights", fixture("weights_attn.npz"), "--map", "2", "--export",
        dir.filePath("other.png"), "--size", "640x560" });
    QVERIFY2(other.exitCode == 0, other.err.constData());
    QVERIFY(QImage(dir.filePath("other.png")) != pa);
    const Run svg = runProgram(
        { "--load-weights", fixture("weights_attn.npz"), "--export", dir.filePath("c.svg"), "--no-title" });
    QVERIFY2(svg.exitCode == 0, svg.err.constData());
    QFile f(dir.filePath("c.svg"));
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray text = f.readAll();
    QVERIFY(text.contains("<svg") && text.contains("key j"));
    QCOMPARE(text.count("layer 0 · batch 0 · head 0"), 1); // the file's title only, not a line above the map
    const Run titled = runProgram({ "--load-weights", fixture("weights_attn.npz"), "--export", dir.filePath("t.svg") });
    QVERIFY2(titled.exitCode == 0, titled.err.constData());
    QFile g(dir.filePath("t.svg"));
    QVERIFY(g.open(QIODevice::ReadOnly));
    QCOMPARE(g.readAll().count("layer 0 · batch 0 · head 0"), 2);
    // all three outputs in one run: the weights' JSON, the map's picture and the window's
    const Run all = runProgram({ "--load-weights", fixture("weights_attn.npz"), "--dump", dir.filePath("all.json"),
        "--export", dir.filePath("all.png"), "--screenshot", dir.filePath("window.png"), "--size", "900x700" });
    QVERIFY2(all.exitCode == 0, all.err.constData());
    QFile j(dir.filePath("all.json"));
    QVERIFY(j.open(QIODevice::ReadOnly));
    QCOMPARE(QJsonDocument::fromJson(j.readAll()).object().value("maps").toArray().size(), 6);
    QCOMPARE(QImage(dir.filePath("all.png")).size(), QSize(900, 700));
    QCOMPARE(QImage(dir.filePath("window.png")).size(), QSize(900, 700));
}

QTEST_MAIN(TestDataWindow)
#include "tst_data_window.moc"
