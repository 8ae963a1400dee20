#pragma once

#include "attention_model.h"

#include <QMainWindow>

class HeatmapPanel;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    explicit MainWindow(AttentionModel *model, QWidget *parent = nullptr);
    HeatmapPanel *heatmap() const { return m_heatmap; }

private:
    AttentionModel *m_model;
    HeatmapPanel *m_heatmap;
};
