// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/user_guide.h"

#include "io/scenario.h"
#include "model/translations.h"
#include "params_edit.h"
#include "render/figure.h"
#include "widgets/main_window.h"

#include <QDir>
#include <QFile>
#include <QHBoxLayout>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListWidget>
#include <QRegularExpression>
#include <QSplitter>
#include <QTextBrowser>
#include <QTimer>

namespace {

// The figures of the pages: a scenario (a preset's, or one given as JSON) drawn as File > Export draws it.
QImage figureOf(const Scenario &s, double ratio)
{
    attn::Params p = s.params;
    attn::normalize(p); // (as the model does with what it is given)
    const auto result = std::make_shared<const attn::Result>(attn::compute(p));
    FigureOptions o;
    o.display = s.display;
    o.size = QSize(760, s.compare == CompareKind::None ? 400 : 340); // shown as it is: text as in a picture
    o.pixelRatio = ratio;
    const std::vector<FigurePanel> panels = s.compare == CompareKind::None
        ? std::vector<FigurePanel> { { result, QString() } }
        : comparePanels(result, s.compare, s.compareDk);
    QImage image = renderFigure(panels, o);
    image.setDevicePixelRatio(ratio);
    return image;
}

// The window itself, on an example of its own, drawn off the screen.
QImage windowOf(const QString &preset, bool presentation, double ratio)
{
    AttentionModel model;
    MainWindow window(&model, false);
    window.setAttribute(Qt::WA_DontShowOnScreen);
    if (const Preset *p = findPreset(preset))
        window.applyScenario(p->scenario);
    window.resize(1280, 720);
    window.show();
    if (presentation)
        window.setPresentation(true, false);
    window.settle();
    QImage image = window.grab().toImage();
    image.setDevicePixelRatio(1.0);
    image = image.scaledToWidth(int(760 * ratio), Qt::SmoothTransformation);
    image.setDevicePixelRatio(ratio);
    return image;
}

// The page's browser: its pictures (guide:NAME) come from the guide.
class GuideBrowser : public QTextBrowser
{
public:
    GuideBrowser(UserGuide *guide, QWidget *parent)
        : QTextBrowser(parent)
        , m_guide(guide)
    {
    }
    QVariant loadResource(int type, const QUrl &name) override
    {
        if (type == QTextDocument::ImageResource && name.scheme() == QLatin1String("guide"))
            return m_guide->pictureFor(name.path());
        return QTextBrowser::loadResource(type, name);
    }

private:
    UserGuide *m_guide;
};

} // namespace

QImage UserGuide::pictureFor(const QString &name)
{
    // Drawn the first time a page needs it (the window's takes a moment), at the screen's ratio.
    if (!m_pictures.contains(name))
        m_pictures.insert(name, picture(name, devicePixelRatioF()));
    return m_pictures.value(name);
}

QStringList UserGuide::pictureNames()
{
    return { "window", "presentation", "qkv-basics", "why-scale", "wrong-dim", "causal" };
}

QImage UserGuide::picture(const QString &name, double ratio)
{
    if (name == QLatin1String("window"))
        return windowOf(QStringLiteral("qkv-basics"), false, ratio);
    if (name == QLatin1String("presentation"))
        return windowOf(QStringLiteral("why-scale"), true, ratio);
    if (const Preset *p = findPreset(name))
        return figureOf(p->scenario, ratio);
    if (name == QLatin1String("causal")) { // one sequence of 6 tokens, each seeing itself and the ones before
        QString error;
        const auto s = scenarioFromJson(QJsonDocument::fromJson(R"({"format": "attention-viz-scenario", "version": 1,
            "params": {"mode": "direct", "len": 6, "d_k": 8, "seed": 0, "mask": "causal"}})")
                                            .object(),
            &error);
        return s ? figureOf(*s, ratio) : QImage();
    }
    return {};
}

QStringList UserGuide::pageFiles(const QString &language)
{
    const QString folder = QStringLiteral(":/guide/%1").arg(language);
    QStringList files;
    for (const QString &name : QDir(folder).entryList({ QStringLiteral("*.html") }, QDir::Files, QDir::Name))
        files << folder + '/' + name;
    return files; // (fewer than 10: the names sort by their number)
}

UserGuide::UserGuide(QWidget *parent)
    : QWidget(parent)
{
    setObjectName("userGuide");
    resize(1100, 700);
    auto *splitter = new QSplitter(this);
    m_list = new QListWidget(splitter);
    m_list->setObjectName("guidePages");
    m_browser = new GuideBrowser(this, splitter);
    m_browser->setObjectName("guidePage");
    m_browser->setOpenExternalLinks(false);
    m_browser->document()->setDefaultStyleSheet(
        QStringLiteral("kbd { font-weight: bold; } .menu { font-weight: bold; } p { margin-bottom: 8px; }"));
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({ 240, 860 });
    auto *layout = new QHBoxLayout(this);
    layout->addWidget(splitter);
    connect(m_list, &QListWidget::currentRowChanged, this, &UserGuide::showPage);
    // Esc and Ctrl+W close it (OtherWindows).
    load();
}

int UserGuide::pageCount() const
{
    return int(m_files.size());
}

int UserGuide::currentPage() const
{
    return m_list->currentRow();
}

void UserGuide::load()
{
    if (m_drawing) { // (drawing a picture runs the event loop: this comes after it)
        m_again = true;
        return;
    }
    setWindowTitle(tr("attention-viz — user guide"));
    m_pictures.clear(); // their labels are in the old language
    m_files = pageFiles(interfaceIsChinese() ? QStringLiteral("zh") : QStringLiteral("en"));
    const int shown = std::max(0, m_list->currentRow());
    const QSignalBlocker block(m_list);
    m_list->clear();
    static const QRegularExpression heading(QStringLiteral("<h2>(.*?)</h2>"));
    for (const QString &path : std::as_const(m_files)) {
        QFile f(path);
        f.open(QIODevice::ReadOnly);
        m_list->addItem(heading.match(QString::fromUtf8(f.readAll())).captured(1));
    }
    m_list->setCurrentRow(std::min(shown, pageCount() - 1));
    showPage(m_list->currentRow());
}

void UserGuide::showPage(int index)
{
    if (index < 0 || index >= pageCount())
        return;
    if (m_list->currentRow() != index) {
        m_list->setCurrentRow(index); // (whose signal shows it)
        return;
    }
    if (m_drawing) { // a page asked for while a picture is drawn: shown after it
        m_again = true;
        return;
    }
    QFile f(m_files[index]);
    f.open(QIODevice::ReadOnly);
    const QString html = QString::fromUtf8(f.readAll());
    // Its pictures first, outside the page's layout: drawing the example window runs the event loop, where a
    // language switch or another page may come; they are taken up after it.
    m_drawing = true;
    static const QRegularExpression image(QStringLiteral("src=\"guide:([a-z0-9-]+)\""));
    for (auto it = image.globalMatch(html); it.hasNext();)
        pictureFor(it.next().captured(1));
    m_drawing = false;
    if (m_again) {
        m_again = false;
        QTimer::singleShot(0, this, &UserGuide::load);
        return;
    }
    m_browser->setHtml(html); // (its pictures, drawn: GuideBrowser, pictureFor)
}

void UserGuide::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) // once every window has its new texts
        QTimer::singleShot(0, this, &UserGuide::load);
}
