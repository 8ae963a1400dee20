// SPDX-License-Identifier: GPL-3.0-or-later
// attention-viz: without an output option it opens the window; --dump and --screenshot write and exit.
#include "cli/cli_options.h"
#include "io/save_output.h"
#include "io/scenario.h"
#include "io/settings_store.h"
#include "json_dump.h"
#include "model/attention_model.h"
#include "model/messages.h"
#include "model/translations.h"
#include "pytorch_code.h"
#include "render/figure.h"
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
#include <QDir>
#include <QFileInfo>
#include <QIcon>
#include <QImage>
#include <QSettings>
#include <QTranslator>
#include <qcustomplot.h>

#include <cstdio>
#include <functional>

namespace {

// The files this run created, so that a failing later output leaves nothing behind: all or nothing.
QStringList g_created;

// Runs write(path) and remembers path when it is a new file.
bool tracked(const QString &path, const std::function<bool()> &write)
{
    const bool existed = path == QLatin1String("-") || QFileInfo::exists(path);
    if (!write())
        return false;
    if (!existed)
        g_created << path;
    return true;
}

// The messages' Chinese for a Chinese interface, loaded before anything else: the command line's errors come
// before the application and its translations.
const QTranslator *g_messages = nullptr;

int fail(const QString &message)
{
    for (const QString &path : std::as_const(g_created))
        QFile::remove(path);
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

bool savePng(const QImage &image, const QString &path, QString *error)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!image.save(&buffer, "PNG")) {
        *error = QStringLiteral("cannot encode the image as PNG");
        return false;
    }
    return saveBytes(path, bytes, error);
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

// --export, --export-compare, --export-series: no window, nothing shown.
int writeExports(const CliRequest &request)
{
    const auto result = std::make_shared<const attn::Result>(attn::compute(request.params));
    QString error;
    if (!request.exportPath.isEmpty()) {
        const bool data = dataSuffixes().contains(QFileInfo(request.exportPath).suffix().toLower());
        const bool ok = tracked(request.exportPath, [&] {
            return data ? writeData(request.exportPath, *result, request.display, &error)
                        : writeFigure(request.exportPath, { { result, QString() } },
                            figureOptions(request, result->params), &error);
        });
        if (!ok)
            return fail(QStringLiteral("--export: %1").arg(error));
    }
    if (!request.comparePath.isEmpty()) {
        FigureOptions o = figureOptions(request, result->params);
        if (!request.noTitle && request.title.isEmpty())
            o.title = compareTitle(
                result->params, request.compareSoftmaxDim ? CompareKind::SoftmaxDim : CompareKind::Scaling);
        const QSize size = request.size.isValid() ? request.size : QSize(2400, 900); // two panels: twice as wide
        o.size = size;
        const auto panels
            = comparePanels(result, request.compareSoftmaxDim ? CompareKind::SoftmaxDim : CompareKind::Scaling);
        if (!tracked(request.comparePath, [&] { return writeFigure(request.comparePath, panels, o, &error); }))
            return fail(QStringLiteral("--export-compare: %1").arg(error));
    }
    if (!request.seriesDir.isEmpty()) {
        std::vector<SeriesPicture> pictures;
        for (std::size_t i = 0; i < request.seriesParams.size(); ++i)
            pictures.push_back({ request.seriesValues[int(i)], request.seriesParams[i] });
        const auto options = [&](const attn::Params &p) { return figureOptions(request, p); };
        QStringList created;
        if (!writeSeries(request.seriesDir, request.seriesName, pictures, request.format, result, options, nullptr,
                &error, &created))
            return fail(QStringLiteral("--export-series: %1").arg(error));
        g_created << created;
    }
    return 0;
}

int runWindow(const CliRequest &request)
{
    AttentionModel model;
    attn::Params params = request.params;
    DisplayOptions display = request.display;
    const bool interactive = request.screenshotPath.isEmpty();
    if (interactive && !request.paramsGiven) {
        QSettings settings; // the last session's settings, unless the command line gives some
        loadSettings(settings, &params, &display);
    }
    model.setParams(params);
    model.setDisplay(display);
    model.setCompare(request.compare, request.compareDk);
    model.setCaption(request.captionEn, request.captionZh);
    MainWindow window(&model, interactive);
    if (!request.lessonPath.isEmpty()) {
        QString error;
        if (!window.openLesson(request.lessonPath, &error))
            return fail(QStringLiteral("--lesson: %1").arg(error));
        window.lesson()->step(request.lessonStep - 1);
        // The step is the starting state; options given beside it change it, as with --preset (without
        // any, the step stands, not the last session's settings).
        if (request.paramsGiven) {
            model.setParams(params);
            model.setDisplay(display);
            model.setCompare(request.compare, request.compareDk);
        }
    }
    if (request.presentation)
        window.setPresentation(true, interactive);
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

    if (!request.screenshotPath.isEmpty()) {
        window.resize(request.size.isValid() ? request.size : QSize(1400, 900));
        window.show();
        window.settle();
        // With --mistake, the Mistakes window is the picture (with --load-weights, the weights window).
        QWidget *shown = &window;
        if (request.mistake) {
            MistakesWindow *m = window.mistakes();
            m->setMistake(*request.mistake);
            if (request.presentation)
                m->setPresentation(true, false);
            m->resize(request.size.isValid() ? request.size : QSize(1280, 720));
            m->show();
            QCoreApplication::processEvents();
            shown = m;
        }
        if (request.weights) { // --load-weights: their window is the picture
            WeightsWindow *w = window.weightsWindow();
            w->resize(request.size.isValid() ? request.size : QSize(1280, 720));
            w->show();
            QCoreApplication::processEvents();
            shown = w;
        }
        QString error;
        if (!tracked(request.screenshotPath,
                [&] { return savePng(shown->grab().toImage(), request.screenshotPath, &error); }))
            return fail(QStringLiteral("--screenshot: %1").arg(error));
        return 0;
    }
    window.show();
    return QApplication::exec();
}

} // namespace

int main(int argc, char *argv[])
{
    guardStandardStreams();
    QStringList arguments;
    for (int i = 0; i < argc; ++i)
        arguments << QString::fromLocal8Bit(argv[i]);
    QTranslator messages;
    if (askedLanguage(arguments) == QLatin1String("zh")
        && messages.load(QStringLiteral(":/i18n/attention-viz_zh_CN.qm")))
        g_messages = &messages;
    const CliOutcome outcome = parseCommandLine(arguments, attn::defaultMemoryBudget());
    switch (outcome.kind) {
    case CliOutcome::Help:
    case CliOutcome::Version: {
        QString error;
        const QString text = outcome.kind == CliOutcome::Version ? versionLines().join('\n') : outcome.text;
        if (!saveBytes(QStringLiteral("-"), text.toUtf8() + '\n', &error))
            return fail(error);
        return 0;
    }
    case CliOutcome::Error:
        return fail(outcome.text);
    case CliOutcome::Run:
        break;
    }
    const CliRequest &request = outcome.request;

    if (request.printPytorch || request.printCommand) { // the settings as a command and as code, nothing else
        std::string text;
        if (request.printCommand)
            text += attn::commandLine(request.params) + "\n";
        if (request.printPytorch)
            text += attn::pytorchScript(request.params);
        QString error;
        if (!saveBytes(QStringLiteral("-"), QByteArray::fromStdString(text), &error))
            return fail(error);
        return 0;
    }

    if (!request.saveScenarioPath.isEmpty()) {
        Scenario s;
        s.params = request.params;
        s.display = request.display;
        s.compare = request.compare;
        s.compareDk = request.compareDk;
        s.captionEn = request.captionEn;
        s.captionZh = request.captionZh;
        QString error;
        if (!tracked(request.saveScenarioPath, [&] { return saveScenario(request.saveScenarioPath, s, &error); }))
            return fail(QStringLiteral("--save-scenario: %1").arg(error));
        if (!request.needsGui() && request.dumpPath.isEmpty())
            return 0;
    }
    // The sweep's and the training runs' numbers (JSON or CSV) need no GUI; their pictures are drawn below.
    std::optional<attn::SweepResult> sweep;
    std::optional<attn::TrainingRun> training;
    if ((request.sweep || request.train) && (!request.dumpPath.isEmpty() || !request.exportPath.isEmpty())) {
        if (request.sweep)
            sweep = attn::runSweep(*request.sweep);
        else
            training = attn::runTraining(*request.train);
        for (const QString &path : { request.dumpPath, request.sweepWritesData() ? request.exportPath : QString() }) {
            if (path.isEmpty())
                continue;
            const bool csv = path.endsWith(".csv", Qt::CaseInsensitive);
            QString error;
            const auto write = [&] {
                return saveThroughStream(
                    path,
                    [&](std::ostream &out) {
                        if (sweep)
                            csv ? attn::writeSweepCsv(out, *sweep) : attn::writeSweepJson(out, *sweep);
                        else
                            csv ? attn::writeTrainingCsv(out, *training) : attn::writeTrainingJson(out, *training);
                    },
                    &error);
            };
            if (!tracked(path, write))
                return fail(QStringLiteral("%1: %2").arg(path == request.dumpPath ? "--dump" : "--export", error));
        }
        if (!request.needsGui())
            return 0;
    }
    if (request.weights && !request.dumpPath.isEmpty()) {
        QString error;
        const auto write = [&] {
            return saveThroughStream(
                request.dumpPath, [&](std::ostream &out) { attn::writeWeightsJson(out, *request.weights, dumpText()); },
                &error);
        };
        if (!tracked(request.dumpPath, write))
            return fail(QStringLiteral("--dump: %1").arg(error));
        if (request.exportPath.isEmpty())
            return 0;
    }
    if (!request.dumpPath.isEmpty() && !request.sweep && !request.train && !request.weights) {
        // With --mistake: the right side's settings and tensors, and the mistake beside them.
        std::optional<attn::MistakeResult> mistake;
        if (request.mistake)
            mistake = attn::commitMistake(request.params, *request.mistake);
        const attn::Result result = attn::compute(mistake ? mistake->params : request.params);
        QString error;
        const auto write = [&] {
            return saveThroughStream(
                request.dumpPath,
                [&](std::ostream &out) { attn::writeJson(out, result, mistake ? &*mistake : nullptr, dumpText()); },
                &error);
        };
        if (!tracked(request.dumpPath, write))
            return fail(QStringLiteral("--dump: %1").arg(error));
        if (!request.needsGui())
            return 0;
    }

    // Headless outputs need no display.
    if (!request.opensWindow() && qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    previousHandler = qInstallMessageHandler(quietHandler);
    QApplication app(argc, argv);
    QApplication::setApplicationName("attention-viz");
    QApplication::setOrganizationName("attention-viz");
    QApplication::setApplicationVersion(ATTENTION_VIZ_VERSION);
    // The launcher's name (packaging/), so that a desktop puts the window under its icon; the icon itself for
    // the title bar and the task switcher, also when the program is not installed.
    QGuiApplication::setDesktopFileName(QStringLiteral("io.github.attention_viz.AttentionViz"));
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/io.github.attention_viz.AttentionViz.svg")));
    // The language: --lang, else (in an interactive window) the one chosen in View > Language, else the system's.
    QString language = request.language;
    if (language.isEmpty() && request.opensWindow() && request.screenshotPath.isEmpty())
        language = QSettings().value("ui/language").toString();
    if (language != QLatin1String("en") && language != QLatin1String("zh"))
        language.clear();
    if (!installTranslations(app, language))
        std::fprintf(stderr, "attention-viz: the Chinese translation could not be loaded; using English\n");
    // The colours: --theme, else (in an interactive window) the one chosen in View > Theme, else the system's.
    QString theme = request.theme;
    if (theme.isEmpty() && request.opensWindow() && request.screenshotPath.isEmpty())
        theme = QSettings().value("ui/theme").toString();
    if (!theme.isEmpty())
        applyTheme(theme);

    if ((sweep || training) && request.writesPictures()) {
        // The sweep's plots (1200 × 900 units) or the training's (1400 × 900) unless --size says otherwise.
        SweepPicture sweepPicture;
        TrainingPicture trainingPicture;
        PlotPicture &picture = sweep ? static_cast<PlotPicture &>(sweepPicture) : trainingPicture;
        if (request.size.isValid())
            picture.size = request.size;
        picture.pixelRatio = request.pixelRatio;
        picture.transparent = request.transparent;
        picture.title = !request.noTitle;
        picture.titleText = request.title;
        QByteArray bytes;
        QString error;
        if (!tracked(request.exportPath, [&] {
                return (sweep ? encodeSweepPicture(request.exportPath, *sweep, sweepPicture, &bytes, &error)
                              : encodeTrainingPicture(request.exportPath, attn::snapshotOf(*training, kWatchedExamples),
                                  trainingPicture, &bytes, &error))
                    && saveBytes(request.exportPath, bytes, &error);
            }))
            return fail(QStringLiteral("--export: %1").arg(error));
        return 0;
    }
    if (request.weights && !request.exportPath.isEmpty()) { // --load-weights --export: one map as a picture
        QString error;
        QByteArray bytes;
        if (!tracked(request.exportPath, [&] {
                return encodeWeightsPicture(request.exportPath, *request.weights, request.weightsMap,
                           request.size.isValid() ? request.size : QSize(1000, 900), request.pixelRatio,
                           request.transparent, request.title, !request.noTitle, &bytes, &error)
                    && saveBytes(request.exportPath, bytes, &error);
            }))
            return fail(QStringLiteral("--export: %1").arg(error));
        if (request.screenshotPath.isEmpty())
            return 0;
    }
    if (request.writesPictures() && !request.sweep && !request.train && !request.weights)
        if (const int status = writeExports(request); status != 0)
            return status;
    if (!request.writesFiles() || !request.screenshotPath.isEmpty())
        return runWindow(request);
    return 0;
}
