#include "main_window.h"

#include "heatmap_panel.h"

MainWindow::MainWindow(AttentionModel *model, QWidget *parent) : QMainWindow(parent), m_model(model)
{
    setWindowTitle(tr("attention-viz"));
    m_heatmap = new HeatmapPanel(model, this);
    setCentralWidget(m_heatmap);
}
