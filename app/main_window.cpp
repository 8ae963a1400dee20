#include "main_window.h"

#include "controls_panel.h"
#include "explanation_panel.h"
#include "cli_options.h"
#include "heatmap_panel.h"
#include "settings_store.h"

#include <qcustomplot.h>

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QCloseEvent>
#include <QDockWidget>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QVBoxLayout>

MainWindow::MainWindow(AttentionModel *model, bool rememberState, QWidget *parent)
    : QMainWindow(parent), m_model(model), m_rememberState(rememberState)
{
    setWindowTitle(tr("attention-viz — scaled dot-product attention"));
    setObjectName("mainWindow");

    auto *central = new QWidget(this);
    auto *layout = new QVBoxLayout(central);
    layout->setContentsMargins(4, 4, 4, 0);
    m_heatmap = new HeatmapPanel(model, central);
    m_explanation = new ExplanationPanel(model, central);
    layout->addWidget(m_heatmap, 1);
    layout->addWidget(m_explanation);
    setCentralWidget(central);

    m_controls = new ControlsPanel(model, this);
    auto *dock = new QDockWidget(tr("Settings"), this);
    dock->setObjectName("settingsDock");
    dock->setWidget(m_controls);
    dock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, dock);

    m_busy = new QLabel(tr("computing…"), this);
    m_busy->setVisible(false);
    statusBar()->addPermanentWidget(m_busy);
    connect(model, &AttentionModel::busyChanged, m_busy, &QLabel::setVisible);
    connect(model, &AttentionModel::problem, this, &MainWindow::showProblem);
    buildMenus();

    resize(1400, 900);
    if (m_rememberState) {
        QSettings s;
        restoreGeometry(s.value("window/geometry").toByteArray());
        restoreState(s.value("window/state").toByteArray());
    }
}

void MainWindow::buildMenus()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    QAction *exportAction = file->addAction(tr("&Export…"), this, [this] {
        const QString path = askExportPath(tr("Export the heatmap or the matrix"), false);
        if (path.isEmpty())
            return;
        QString error;
        reportExport(exportTo(path, &error), path, error);
    });
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
    exportAction->setObjectName("exportAction");
    QMenu *compare = file->addMenu(tr("Export &comparison"));
    compare->addAction(tr("Scaled and not scaled…"), this, [this] {
        const QString path = askExportPath(tr("Export scaled and not scaled side by side"), true);
        QString error;
        if (!path.isEmpty())
            reportExport(exportComparison(path, false, &error), path, error);
    });
    compare->addAction(tr("Softmax over keys and over queries…"), this, [this] {
        const QString path = askExportPath(tr("Export softmax over keys and over queries side by side"), true);
        QString error;
        if (!path.isEmpty())
            reportExport(exportComparison(path, true, &error), path, error);
    });
    file->addAction(tr("Export a d_k &series (1, 4, 16, 64, 256)…"), this, [this] {
        QSettings s;
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder for the d_k series"),
                                                                 s.value("export/folder", QDir::homePath()).toString());
        if (folder.isEmpty())
            return;
        s.setValue("export/folder", folder);
        QStringList written;
        QString error;
        const bool ok = exportDkSeries(folder, {1, 4, 16, 64, 256}, &written, &error);
        reportExport(ok, written.join(", "), error);
    });
    QAction *copy = file->addAction(tr("Co&py image"), this, &MainWindow::copyImage);
    copy->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C));
    copy->setObjectName("copyImageAction");
    file->addSeparator();
    QAction *quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);

    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *reset = view->addAction(tr("&Reset zoom"), this, [this] {
        const auto &p = m_model->params();
        QCustomPlot *plot = m_heatmap->plot();
        plot->axisRect(0)->axis(QCPAxis::atBottom)->setRange(-0.5, p.keyLength - 0.5);
        plot->axisRect(0)->axis(QCPAxis::atLeft)->setRange(-0.5, p.queryLength - 0.5);
        plot->replot(QCustomPlot::rpQueuedReplot);
    });
    reset->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_0));

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About attention-viz"), this, [this] {
        QMessageBox::about(this, tr("About attention-viz"),
                           tr("<p><b>attention-viz %1</b></p><p>Makes scaled dot-product attention visible: "
                              "softmax(Q·Kᵀ/√d_k)·V with the same random tensors as torch.manual_seed and "
                              "torch.randn.</p>").arg(QApplication::applicationVersion()));
    });
}

FigureOptions MainWindow::currentFigureOptions() const
{
    FigureOptions o;
    o.display = m_model->display();
    o.title = settingsTitle(m_model->params());
    return o;
}

bool MainWindow::exportTo(const QString &path, QString *error)
{
    m_model->waitForIdle();
    const auto r = m_model->result();
    const QString suffix = QFileInfo(path).suffix().toLower();
    if (dataSuffixes().contains(suffix))
        return writeData(path, *r, m_model->display(), error);
    if (!figureSuffixes().contains(suffix)) {
        *error = tr("'%1': unknown format (use .png, .jpg, .pdf, .svg, .csv, .npy or .json)").arg(path);
        return false;
    }
    return writeFigure(path, {{r, QString()}}, currentFigureOptions(), error);
}

bool MainWindow::exportComparison(const QString &path, bool softmaxDim, QString *error)
{
    m_model->waitForIdle();
    const auto r = m_model->result();
    FigureOptions o = currentFigureOptions();
    o.size = QSize(2 * o.size.width(), o.size.height());
    o.title = compareTitle(r->params, softmaxDim);
    return writeFigure(path, comparePanels(r, softmaxDim ? Comparison::SoftmaxDim : Comparison::Scaling), o, error);
}

bool MainWindow::exportDkSeries(const QString &folder, const QList<int> &values, QStringList *written, QString *error)
{
    m_model->waitForIdle();
    if (!QDir().mkpath(folder)) {
        *error = tr("cannot create the folder '%1'").arg(folder);
        return false;
    }
    AttentionModel::ResultPtr previous = m_model->result();
    for (int dk : values) {
        attn::Params p = previous->params;
        const bool dvFollows = p.dV == p.dK;
        p.dK = dk;
        if (dvFollows)
            p.dV = dk;
        if (auto e = attn::validate(p, defaultMemoryBudget())) {
            *error = QString::fromStdString(e->message);
            return false;
        }
        auto r = std::make_shared<const attn::Result>(attn::compute(p, previous.get()));
        const QString path = seriesFileName(folder, "d-k", QString::number(dk), "png");
        FigureOptions o = currentFigureOptions();
        o.title = settingsTitle(p);
        if (!writeFigure(path, {{r, QString()}}, o, error))
            return false;
        *written << QFileInfo(path).fileName();
        previous = r;
    }
    return true;
}

void MainWindow::copyImage()
{
    m_model->waitForIdle();
    QGuiApplication::clipboard()->setImage(renderFigure({{m_model->result(), QString()}}, currentFigureOptions()));
    statusBar()->showMessage(tr("Image copied to the clipboard"), 4000);
}

QString MainWindow::askExportPath(const QString &title, bool imagesOnly)
{
    QSettings s;
    const QStringList filters = QStringList{tr("PNG image (*.png)"), tr("PDF, vector (*.pdf)"), tr("SVG, vector (*.svg)"),
                                            tr("JPEG image (*.jpg)")}
                                + (imagesOnly ? QStringList()
                                              : QStringList{tr("CSV, the shown matrix (*.csv)"),
                                                            tr("NumPy .npy, all of (B, L, S) (*.npy)"),
                                                            tr("JSON, everything (*.json)")});
    QString filter = s.value("export/filter").toString();
    if (!filters.contains(filter))
        filter = filters.first();
    const QString folder = s.value("export/folder", QDir::homePath()).toString();
    const QString suffix = filter.section("(*.", 1).section(')', 0, 0);
    QString path = QFileDialog::getSaveFileName(this, title, QDir(folder).filePath("attention." + suffix),
                                                filters.join(";;"), &filter);
    if (path.isEmpty())
        return {};
    const QString chosen = filter.section("(*.", 1).section(')', 0, 0);
    if (QFileInfo(path).suffix().isEmpty())
        path += "." + chosen; // the format chosen in the dialog
    s.setValue("export/folder", QFileInfo(path).absolutePath());
    s.setValue("export/filter", filter);
    return path;
}

void MainWindow::reportExport(bool ok, const QString &path, const QString &error)
{
    if (ok)
        statusBar()->showMessage(tr("Written: %1").arg(path), 6000);
    else
        QMessageBox::warning(this, tr("Export failed"), error);
}

void MainWindow::showProblem(const QString &message)
{
    statusBar()->showMessage(message, 8000);
}

QString MainWindow::statusText() const
{
    return statusBar()->currentMessage();
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    if (m_rememberState) {
        QSettings s;
        s.setValue("window/geometry", saveGeometry());
        s.setValue("window/state", saveState());
        storeSettings(s, m_model->params(), m_model->display());
    }
    event->accept();
}
