// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/export_actions.h"

#include "io/file_kinds.h"
#include "model/labels.h"
#include "model/messages.h"
#include "params_edit.h"
#include "widgets/export_dialog.h"
#include "widgets/presentation.h"

#include <QClipboard>
#include <QDir>
#include <QFileDialog>
#include <QGuiApplication>
#include <QMainWindow>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>

ExportActions::ExportActions(AttentionModel *model, QMainWindow *window)
    : QObject(window)
    , m_model(model)
    , m_window(window)
{
}

void ExportActions::report(bool ok, const QString &what, const QString &error)
{
    if (ok)
        m_window->statusBar()->showMessage(tr("Written: %1").arg(what), 6000);
    else
        QMessageBox::warning(m_window, tr("Export failed"), translatedMessage(error));
}

FigureOptions ExportActions::currentFigureOptions() const
{
    FigureOptions o;
    o.display = m_model->display();
    o.title = settingsTitle(m_model->params());
    return o;
}

FigureOptions ExportActions::comparisonFigureOptions(CompareKind kind) const
{
    FigureOptions o = currentFigureOptions();
    o.size = QSize(2 * o.size.width(), o.size.height());
    o.title = compareTitle(m_model->result()->params, kind);
    return o;
}

bool ExportActions::exportTo(const QString &path, QString *error, const FigureOptions *options)
{
    m_model->waitForIdle();
    const auto r = m_model->result();
    if (io::matrixSuffixes().contains(io::suffixOf(path)))
        return writeData(path, *r, m_model->display(), error);
    if (!io::isPicture(path)) {
        *error = tr("'%1': unknown format (use .png, .jpg, .pdf, .svg, .csv, .npy or .json)").arg(path);
        return false;
    }
    return writeFigure(path, { { r, QString() } }, options ? *options : currentFigureOptions(), error);
}

bool ExportActions::exportComparison(
    const QString &path, CompareKind kind, QString *error, const FigureOptions *options)
{
    m_model->waitForIdle();
    const auto r = m_model->result();
    const FigureOptions o = options ? *options : comparisonFigureOptions(kind);
    return writeFigure(path, comparePanels(r, kind, m_model->compareDk()), o, error);
}

bool ExportActions::exportDkSeries(
    const QString &folder, const QList<int> &values, QStringList *written, QString *error)
{
    m_model->waitForIdle();
    const ResultPtr start = m_model->result();
    std::vector<SeriesPicture> pictures;
    for (int dk : values) {
        attn::Params p = start->params;
        attn::setDk(p, dk);
        if (auto e = attn::validate(p, attn::defaultMemoryBudget())) {
            *error = QString::fromStdString(e->message);
            return false;
        }
        pictures.push_back({ QString::number(dk), p });
    }
    const auto options = [this](const attn::Params &p) {
        FigureOptions o = currentFigureOptions();
        o.title = settingsTitle(p);
        return o;
    };
    return writeSeries(folder, "d-k", pictures, "png", start, options, written, error);
}

void ExportActions::copyImage()
{
    m_model->waitForIdle();
    // What is shown: both sides of a comparison.
    const CompareKind kind = m_model->compare();
    QGuiApplication::clipboard()->setImage(kind == CompareKind::None
            ? renderFigure({ { m_model->result(), QString() } }, currentFigureOptions())
            : renderFigure(
                comparePanels(m_model->result(), kind, m_model->compareDk()), comparisonFigureOptions(kind)));
    m_window->statusBar()->showMessage(tr("Image copied to the clipboard"), 4000);
}

void ExportActions::untilWritten(const FigureOptions &base, bool comparison,
    const std::function<bool(const QString &, const FigureOptions &, QString *)> &write)
{
    ExportDialog dialog(base, comparison, comparison ? 2 : 1, m_window);
    presentDialog(&dialog, m_window); // (in presentation mode, the projector's text)
    while (dialog.exec() == QDialog::Accepted) {
        QString error;
        const bool ok = write(dialog.path(), dialog.options(), &error);
        report(ok, dialog.path(), error);
        if (ok)
            break;
    }
    m_window->activateWindow(); // the keys are the window's again (without a window manager nothing else does it)
}

void ExportActions::exportWithDialog()
{
    // What is shown: with a comparison on screen, both its sides (the data of one side: File > Export with the
    // comparison off).
    if (m_model->compare() != CompareKind::None) {
        exportComparisonWithDialog(m_model->compare());
        return;
    }
    untilWritten(currentFigureOptions(), false,
        [this](const QString &path, const FigureOptions &o, QString *error) { return exportTo(path, error, &o); });
}

void ExportActions::exportComparisonWithDialog(CompareKind kind)
{
    untilWritten(
        comparisonFigureOptions(kind), true, [this, kind](const QString &path, const FigureOptions &o, QString *error) {
            return exportComparison(path, kind, error, &o);
        });
}

void ExportActions::exportSeriesWithDialog()
{
    QSettings s;
    const QString folder = QFileDialog::getExistingDirectory(
        m_window, tr("Folder for the d_k series"), s.value("export/folder", QDir::homePath()).toString());
    if (folder.isEmpty())
        return;
    s.setValue("export/folder", folder);
    QStringList written;
    QString error;
    const bool ok = exportDkSeries(folder, { 1, 4, 16, 64, 256 }, &written, &error);
    report(ok, written.join(", "), error);
}
