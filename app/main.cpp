// SPDX-License-Identifier: GPL-3.0-or-later
// attention-viz: without an output option it opens the window; --dump, --export, --screenshot and the others write
// and exit. main() is the list of a run's steps; each writes its outputs into the run's OutputSet, which puts them
// all in place at the end, or none when a step fails (io/save_output.h).
#include "cli/cli_options.h"
#include "io/file_kinds.h"
#include "io/save_output.h"
#include "io/scenario.h"
#include "io/settings_store.h"
#include "json_dump.h"
#include "model/attention_model.h"
#include "model/messages.h"
#include "model/translations.h"
#include "parallel.h"
#include "pytorch_code.h"
#include "render/figure.h"
#include "render/heatmap_drawing.h"
#include "render/sweep_plot.h"
#include "render/training_plot.h"
#include "render/versions.h"
#include "render/weights_plot.h"
#include "widgets/main_window.h"
#include "widgets/mistakes_window.h"
#include "widgets/theme.h"
#include "widgets/training_window.h"
#include "widgets/weights_window.h"
#include "widgets/why_scale_window.h"

#include <QApplication>
#include <QBuffer>
#include <QFileInfo>
#include <QIcon>
#include <QImage>
#include <QSettings>
#include <QTimer>
#include <QTranslator>
#include <QWindow>

#include <memory>
#include <qcustomplot.h>

#include <cstdio>
#include <functional>

namespace {

// The messages' Chinese for a Chinese interface, loaded before anything else: the command line's errors come
// before the application and its translations.
const QTranslator *g_messages = nullptr;

int fail(const QString &message)
{
    std::fprintf(stderr, "attention-viz: %s\n", qPrintable(translatedMessage(message, g_messages)));
    return 2;
}

// --dump's warnings in the language of the run (its field names stay as they are).
attn::MessageText dumpText()
{
    return [](const std::string &english) {
        return translatedMessage(QString::fromStdString(english), g_messages).toStdString();
    };
}

// The language the command line asks for (--lang zh, --lang=zh), else the system's; before it is parsed.
QString askedLanguage(const QStringList &arguments)
{
    for (int i = 1; i < arguments.size(); ++i) {
        QString asked;
        if (arguments[i] == QLatin1String("--lang") && i + 1 < arguments.size())
            asked = arguments[i + 1].trimmed().toLower();
        else if (arguments[i].startsWith(QLatin1String("--lang=")))
            asked = arguments[i].mid(7).trimmed().toLower();
        if (asked == QLatin1String("en") || asked == QLatin1String("zh"))
            return asked;
    }
    return systemLanguage(); // (also when --lang is wrong: its error is in the system's language)
}

// Qt's offscreen platform and a missing XDG_RUNTIME_DIR make harmless warnings; keep stderr for real problems.
QtMessageHandler previousHandler = nullptr;

void quietHandler(QtMsgType type, const QMessageLogContext &context, const QString &message)
{
    if (message.contains(QLatin1String("propagateSizeHints"))
        || message.startsWith(QLatin1String("QStandardPaths: XDG_RUNTIME_DIR")))
        return;
    previousHandler(type, context, message);
}

// One run of the program: what the command line asked, what it computed, what it wrote.
struct Run
{
    const CliRequest &request;
    OutputSet outputs;
    std::optional<attn::SweepResult> sweep;
    std::optional<attn::TrainingRun> training;
    QString error; // a failed step's: "--option: why"

    // A step's failure: the option and the reason.
    bool failed(const QString &option, const QString &why)
    {
        error = QStringLiteral("%1: %2").arg(option, why);
        return false;
    }
};
using Step = bool (*)(Run &);

FigureOptions figureOptions(const CliRequest &request, const attn::Params &p)
{
    FigureOptions o;
    o.display = request.display;
    o.size = request.size.isValid() ? request.size : QSize(1200, 900);
    o.pixelRatio = request.pixelRatio;
    o.transparent = request.transparent;
    o.panels = request.panels;
    o.title = request.noTitle ? QString() : request.title.isEmpty() ? settingsTitle(p) : request.title;
    return o;
}

// --print-command, --print-pytorch: the settings as a command and as code on standard output (and nothing else: the
// command line refuses other outputs beside them).
bool printSettings(Run &run)
{
    const CliRequest &r = run.request;
    std::string text;
    if (r.printCommand)
        text += attn::commandLine(r.params) + compareArgument(r.compare, r.compareDk).toStdString() + "\n";
    if (r.printPytorch)
        text += attn::pytorchScript(r.params);
    return run.outputs.writeBytes(QStringLiteral("-"), QByteArray::fromStdString(text), &run.error);
}

// --save-scenario FILE: the state the command line gives.
bool writeScenarioFile(Run &run)
{
    const CliRequest &r = run.request;
    if (r.saveScenarioPath.isEmpty())
        return true;
    Scenario s;
    s.params = r.params;
    s.display = r.display;
    s.compare = r.compare;
    s.compareDk = r.compareDk;
    s.captionEn = r.captionEn;
    s.captionZh = r.captionZh;
    // A demo file: with --presentation or --lesson (and --step), or from one (--scenario), the classroom too.
    if (r.classroom || r.presentation || !r.lessonPath.isEmpty()) {
        Classroom c = r.classroom.value_or(Classroom {});
        c.presentation = r.presentation;
        c.language = r.language;
        if (!r.lessonPath.isEmpty()) {
            c.lessonPath = r.lessonPath.startsWith(QLatin1String(":/")) ? r.lessonPath
                                                                        : QFileInfo(r.lessonPath).absoluteFilePath();
            c.lessonStep = r.lessonStep - 1;
            // on the step unless the options beside it changed its settings
            QString error;
            const auto lesson = loadLesson(r.lessonPath, &error); // (read before, when the options were checked)
            const Scenario *step = lesson && c.lessonStep < int(lesson->steps.size())
                ? &lesson->steps[std::size_t(c.lessonStep)]
                : nullptr;
            c.onStep = step && step->showsAs(s);
        }
        s.classroom = c;
    }
    QString why;
    return saveScenario(r.saveScenarioPath, s, &why, &run.outputs) || run.failed("--save-scenario", why);
}

// --sweep or --train with --dump or a .csv / .json --export: their numbers (their pictures need the GUI).
bool writeRunNumbers(Run &run)
{
    const CliRequest &r = run.request;
    if ((!r.sweep && !r.train) || (r.dumpPath.isEmpty() && r.exportPath.isEmpty()))
        return true;
    if (r.sweep)
        run.sweep = attn::runSweep(*r.sweep);
    else
        run.training = attn::runTraining(*r.train);
    for (const QString &path : { r.dumpPath, r.sweepWritesData() ? r.exportPath : QString() }) {
        if (path.isEmpty())
            continue;
        const bool csv = io::suffixOf(path) == QLatin1String("csv");
        QString why;
        const bool ok = run.outputs.write(
            path,
            [&](std::ostream &out) {
                if (run.sweep)
                    csv ? attn::writeSweepCsv(out, *run.sweep) : attn::writeSweepJson(out, *run.sweep);
                else
                    csv ? attn::writeTrainingCsv(out, *run.training) : attn::writeTrainingJson(out, *run.training);
            },
            &why);
        if (!ok)
            return run.failed(path == r.dumpPath ? "--dump" : "--export", why);
    }
    return true;
}

// --dump: every tensor and statistic; of loaded weights, each map's sums and entropies; with --mistake, the
// mistaken side beside the right one.
bool writeDump(Run &run)
{
    const CliRequest &r = run.request;
    if (r.dumpPath.isEmpty() || r.sweep || r.train)
        return true;
    QString why;
    bool ok = false;
    if (r.multihead) {
        const attn::MultiheadResult result = attn::computeMultihead(*r.multihead);
        ok = run.outputs.write(
            r.dumpPath, [&](std::ostream &out) { attn::writeMultiheadJson(out, result); }, &why);
    } else if (r.weights) {
        ok = run.outputs.write(
            r.dumpPath, [&](std::ostream &out) { attn::writeWeightsJson(out, *r.weights, dumpText()); }, &why);
    } else {
        // (refused before any work: the file would be larger than anyone can open, and take minutes to write)
        if (const std::string tooLarge = attn::jsonTooLarge(r.params, r.mistake.has_value()); !tooLarge.empty())
            return run.failed("--dump", QString::fromStdString(tooLarge));
        std::optional<attn::MistakeResult> mistake;
        if (r.mistake)
            mistake = attn::commitMistake(r.params, *r.mistake);
        const attn::Result result = attn::compute(mistake ? mistake->params : r.params);
        ok = run.outputs.write(
            r.dumpPath,
            [&](std::ostream &out) { attn::writeJson(out, result, mistake ? &*mistake : nullptr, dumpText()); }, &why);
    }
    return ok || run.failed("--dump", why);
}

// The sweep's or the training's plots (1200 × 900 units, 1400 × 900) unless --size says otherwise.
bool writeRunPicture(Run &run)
{
    const CliRequest &r = run.request;
    if ((!run.sweep && !run.training) || !r.writesPictures())
        return true;
    SweepPicture sweepPicture;
    TrainingPicture trainingPicture;
    PlotPicture &picture = run.sweep ? static_cast<PlotPicture &>(sweepPicture) : trainingPicture;
    if (r.size.isValid())
        picture.size = r.size;
    picture.pixelRatio = r.pixelRatio;
    picture.transparent = r.transparent;
    picture.title = !r.noTitle;
    picture.titleText = r.title;
    QByteArray bytes;
    QString why;
    const bool ok = (run.sweep ? encodeSweepPicture(r.exportPath, *run.sweep, sweepPicture, &bytes, &why)
                               : encodeTrainingPicture(r.exportPath, attn::snapshotOf(*run.training, kWatchedExamples),
                                   trainingPicture, &bytes, &why))
        && run.outputs.writeBytes(r.exportPath, bytes, &why);
    return ok || run.failed("--export", why);
}

// --load-weights --export: one map as a picture.
bool writeWeightsPicture(Run &run)
{
    const CliRequest &r = run.request;
    if (!r.weights || r.exportPath.isEmpty())
        return true;
    QByteArray bytes;
    QString why;
    const bool ok
        = encodeWeightsPicture(r.exportPath, *r.weights, r.weightsMap, r.size.isValid() ? r.size : QSize(1000, 900),
              r.pixelRatio, r.transparent, r.title, !r.noTitle, &bytes, &why)
        && run.outputs.writeBytes(r.exportPath, bytes, &why);
    return ok || run.failed("--export", why);
}

// --export, --export-compare, --export-series of the settings: no window, nothing shown.
bool writeSettingsPictures(Run &run)
{
    const CliRequest &r = run.request;
    if (!r.writesPictures() || r.sweep || r.train || r.weights)
        return true;
    const auto result = std::make_shared<const attn::Result>(attn::compute(r.params));
    QString why;
    if (!r.exportPath.isEmpty()) {
        const bool ok = io::matrixSuffixes().contains(io::suffixOf(r.exportPath))
            ? writeData(r.exportPath, *result, r.display, &why, &run.outputs)
            : writeFigure(
                r.exportPath, { { result, QString() } }, figureOptions(r, result->params), &why, &run.outputs);
        if (!ok)
            return run.failed("--export", why);
    }
    if (!r.comparePath.isEmpty()) {
        const CompareKind kind = r.compareSoftmaxDim ? CompareKind::SoftmaxDim : CompareKind::Scaling;
        FigureOptions o = figureOptions(r, result->params);
        if (!r.noTitle && r.title.isEmpty())
            o.title = compareTitle(result->params, kind);
        o.size = r.size.isValid() ? r.size : QSize(2400, 900); // two panels: twice as wide
        if (!writeFigure(r.comparePath, comparePanels(result, kind), o, &why, &run.outputs))
            return run.failed("--export-compare", why);
    }
    if (!r.seriesDir.isEmpty()) {
        std::vector<SeriesPicture> pictures;
        for (std::size_t i = 0; i < r.seriesParams.size(); ++i)
            pictures.push_back({ r.seriesValues[int(i)], r.seriesParams[i] });
        const auto options = [&](const attn::Params &p) { return figureOptions(r, p); };
        if (!writeSeries(r.seriesDir, r.seriesName, pictures, r.format, result, options, nullptr, &why, &run.outputs))
            return run.failed("--export-series", why);
    }
    return true;
}

// The application, its names and icon, its language and colours (the command line's, else the last chosen in an
// interactive window, else the system's).
void setUpApplication(const CliRequest &request)
{
    QApplication::setApplicationName("attention-viz");
    QApplication::setOrganizationName("attention-viz");
    QApplication::setApplicationVersion(ATTENTION_VIZ_VERSION);
    // The launcher's name (packaging/), so that a desktop puts the window under its icon; the icon itself for
    // the title bar and the task switcher, also when the program is not installed.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.attention_viz.AttentionViz"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/io.github.attention_viz.AttentionViz.svg")));
    useNamedFontFamilies(); // (PDFs with Noto Sans CJK SC for Chinese, SVGs naming DejaVu Sans)
    const bool interactive = request.opensWindow() && request.screenshotPath.isEmpty();
    QString language = request.language;
    if (language.isEmpty() && interactive)
        language = QSettings().value("ui/language").toString();
    if (language != QLatin1String("en") && language != QLatin1String("zh"))
        language.clear();
    if (!installTranslations(*qApp, language))
        std::fprintf(stderr, "attention-viz: the Chinese translation could not be loaded; using English\n");
    QString theme = request.theme;
    if (theme.isEmpty() && interactive)
        theme = QSettings().value("ui/theme").toString();
    if (!theme.isEmpty())
        applyTheme(theme);
}

// The window on the request's state: its lesson step, presentation mode and the windows the options open.
void prepareWindow(const CliRequest &request, AttentionModel &model, MainWindow &window)
{
    if (request.presentation)
        window.setPresentation(true, request.screenshotPath.isEmpty());
    if (request.train) { // --train without an output: the Training window on those settings
        window.training()->setSettings(*request.train);
        window.training()->show();
    }
    if (request.sweep) { // --sweep without an output: the "Why scale?" window on those settings
        window.whyScale()->setSettings(
            request.sweep->keys, request.sweep->trials, request.sweep->scaling, request.sweep->additiveHidden > 0);
        window.whyScale()->show();
    }
    if (request.mistake && request.screenshotPath.isEmpty()) // --mistake without an output: the Mistakes window on it
        window.showMistakes(*request.mistake);
    if (request.weights) {
        window.showWeights(request.weights);
        window.weightsWindow()->select(request.weightsMap);
    }
    Q_UNUSED(model);
}

// --screenshot FILE.png: the main window as a picture; with --mistake the Mistakes window, with --load-weights the
// weights window.
bool writeScreenshot(Run &run, MainWindow &window)
{
    const CliRequest &r = run.request;
    window.resize(r.size.isValid() ? r.size : QSize(1400, 900));
    window.show();
    window.settle();
    QWidget *shown = &window;
    if (r.mistake) {
        MistakesWindow *m = window.mistakes();
        m->setMistake(*r.mistake);
        if (r.presentation)
            m->setPresentation(true, false);
        m->resize(r.size.isValid() ? r.size : QSize(1280, 720));
        m->show();
        QCoreApplication::processEvents();
        shown = m;
    }
    if (r.weights) {
        WeightsWindow *w = window.weightsWindow();
        w->resize(r.size.isValid() ? r.size : QSize(1280, 720));
        w->show();
        QCoreApplication::processEvents();
        shown = w;
    }
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!shown->grab().toImage().save(&buffer, "PNG"))
        return run.failed("--screenshot", QStringLiteral("cannot encode the image as PNG"));
    QString why;
    return run.outputs.writeBytes(r.screenshotPath, bytes, &why) || run.failed("--screenshot", why);
}

// The window: interactive (the last session's settings unless the command line gives some), or pictured.
int runWindow(Run &run)
{
    const CliRequest &r = run.request;
    AttentionModel model;
    attn::Params params = r.params;
    DisplayOptions display = r.display;
    const bool interactive = r.screenshotPath.isEmpty();
    if (interactive && !r.paramsGiven) {
        QSettings settings;
        loadSettings(settings, &params, &display);
    }
    const auto show = [&] {
        model.setParams(params);
        model.setDisplay(display);
        model.setCompare(r.compare, r.compareDk);
    };
    show();
    // Block 1's caption only over block 1: the last session's settings may be others.
    if (model.params() == r.params)
        model.setCaption(r.captionEn, r.captionZh);
    MainWindow window(&model, interactive);
    if (!r.lessonPath.isEmpty()) {
        QString why;
        if (!window.openLesson(r.lessonPath, &why))
            return fail(QStringLiteral("--lesson: %1").arg(why));
        window.lesson()->step(r.lessonStep - 1);
        // The step is the starting state; options given beside it change it, as with --preset (without any, the
        // step stands, not the last session's settings).
        if (r.paramsGiven)
            show();
    }
    if (r.classroom) { // a demo file: its presentation mode, lesson step and windows
        Scenario s;
        s.params = model.params();
        s.display = model.display();
        s.compare = model.compare();
        s.compareDk = model.compareDk();
        s.captionEn = model.captionEn();
        s.captionZh = model.captionZh();
        s.classroom = r.classroom;
        s.classroom->presentation = r.presentation; // (before its windows open: they open presenting)
        s.classroom->language.clear(); // (installed at the start)
        if (!r.lessonPath.isEmpty())
            s.classroom->lessonPath.clear(); // --lesson's, opened above
        window.applyScenario(s); // (on the step only if the options beside it left the step's settings)
    }
    prepareWindow(r, model, window);
    if (!interactive)
        return writeScreenshot(run, window) && run.outputs.commit(&run.error) ? 0 : fail(run.error);
    window.show();
    // Laid out as a screenshot is, once shown at its real size: a comparison decided side by side or stacked on the
    // size before presentation mode filled the screen stayed side by side, block 2's values at 9 pixels.
    QTimer::singleShot(0, &window, [&window] { window.settle(); });
    // The keys are the window's from the start: without a window manager (a kiosk projector PC) no window would have
    // them until a click.
    window.giveKeysBack();
    // The other windows a demo file (or --mistake, --sweep, --train) opened, over it again once it has the keys (shown
    // last, it came on top and took them), the last with the keys.
    if (const QStringList open = window.windows()->openNames(); !open.isEmpty() && window.windowHandle()) {
        auto once = std::make_shared<QMetaObject::Connection>();
        *once = QObject::connect(window.windowHandle(), &QWindow::activeChanged, &window, [&window, open, once] {
            if (!window.isActiveWindow())
                return;
            QObject::disconnect(*once);
            window.windows()->openOnly(open);
        });
    }
    return QApplication::exec();
}

} // namespace

int main(int argc, char *argv[])
{
    guardStandardStreams();
    attn::keepFreedMemoryForReuse(); // (each change's tensors on pages already touched)
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QTranslator messages;
    if (askedLanguage(arguments) == QLatin1String("zh")
        && messages.load(QStringLiteral(":/i18n/attention-viz_zh_CN.qm")))
        g_messages = &messages;
    const CliOutcome outcome = parseCommandLine(arguments, attn::defaultMemoryBudget());
    if (outcome.kind == CliOutcome::Error)
        return fail(outcome.text);
    if (outcome.kind != CliOutcome::Run) { // --help, --version
        QString error;
        const QString text = outcome.kind == CliOutcome::Version ? versionLines().join('\n') : outcome.text;
        return saveBytes(QStringLiteral("-"), text.toUtf8() + '\n', &error) ? 0 : fail(error);
    }
    Run run { outcome.request, {}, {}, {}, {} };
    if (run.request.printPytorch || run.request.printCommand)
        return printSettings(run) ? 0 : fail(run.error);
    for (Step step : { writeScenarioFile, writeRunNumbers, writeDump })
        if (!step(run))
            return fail(run.error);
    if (!run.request.needsGui())
        return run.outputs.commit(&run.error) ? 0 : fail(run.error);
    // Headless outputs need no display.
    if (!run.request.opensWindow() && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    previousHandler = qInstallMessageHandler(quietHandler);
    QApplication app(argc, argv);
    setUpApplication(run.request);
    for (Step step : { writeRunPicture, writeWeightsPicture, writeSettingsPictures })
        if (!step(run))
            return fail(run.error);
    if (run.request.opensWindow() || !run.request.screenshotPath.isEmpty())
        return runWindow(run);
    return run.outputs.commit(&run.error) ? 0 : fail(run.error);
}
