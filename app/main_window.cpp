#include "main_window.h"

#include "controls_panel.h"
#include "explanation_panel.h"
#include "heatmap_panel.h"
#include "settings_store.h"

#include <qcustomplot.h>

#include <QApplication>
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
