// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/export_dialog.h"
#include "io/file_kinds.h"

#include "model/messages.h"
#include "widgets/presentation.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>

ExportDialog::ExportDialog(const FigureOptions &base, bool imagesOnly, int panels, QWidget *parent)
    : QDialog(parent)
    , m_base(base)
    , m_imagesOnly(imagesOnly)
    , m_panels(std::max(1, panels))
{
    setObjectName("exportDialog");
    setWindowTitle(panels > 1 ? tr("Export the comparison") : tr("Export"));
    QSettings s;
    m_path = new QLineEdit(this);
    m_path->setObjectName("export-path");
    // In the last export's folder and format, under a name no file has yet (attention.png, attention-2.png, ...):
    // a second export does not offer to replace the first.
    const QDir folder(s.value("export/folder", QDir::homePath()).toString());
    QString suffix = s.value("export/suffix", QStringLiteral("png")).toString();
    // (a picture-only export after a .csv one: a picture's format)
    if (suffix.isEmpty() || suffix.contains(QLatin1Char('/'))
        || (imagesOnly && !io::pictureSuffixes().contains(suffix)))
        suffix = QStringLiteral("png");
    QString name = QStringLiteral("attention.%1").arg(suffix);
    for (int n = 2; folder.exists(name) && n < 1000; ++n)
        name = QStringLiteral("attention-%1.%2").arg(n).arg(suffix);
    m_path->setText(folder.filePath(name));
    auto *browse = new QPushButton(tr("Choose…"), this);
    connect(browse, &QPushButton::clicked, this, &ExportDialog::browse);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    m_preset = new QComboBox(this);
    m_preset->setObjectName("export-preset");
    m_preset->addItem(tr("Slide (1920 × 1080)"), int(Preset::Slide));
    m_preset->addItem(tr("Paper column (3.5 inches wide, 8-point text)"), int(Preset::PaperColumn));
    m_preset->addItem(tr("Paper page (7 inches wide)"), int(Preset::PaperPage));
    m_preset->addItem(tr("Custom"), int(Preset::Custom));
    m_width = new QSpinBox(this);
    m_height = new QSpinBox(this);
    m_width->setObjectName("export-width");
    m_height->setObjectName("export-height");
    for (QSpinBox *b : { m_width, m_height })
        b->setRange(16, 20000);
    auto *sizeRow = new QHBoxLayout;
    sizeRow->addWidget(m_width);
    sizeRow->addWidget(new QLabel(QStringLiteral("×"), this));
    sizeRow->addWidget(m_height);
    m_ratio = new QDoubleSpinBox(this);
    m_ratio->setObjectName("export-ratio");
    m_ratio->setRange(0.25, 8.0);
    m_ratio->setDecimals(3);
    m_ratio->setSingleStep(0.5);
    m_ratio->setToolTip(tr("PNG and JPG: pixels per unit of the size (2 for high-DPI slides; a paper preset sets "
                           "300 dpi, 300/72 pixels per point)."));
    m_title = new QLineEdit(base.title, this);
    m_title->setObjectName("export-title");
    m_title->setPlaceholderText(tr("no title line"));
    m_transparent = new QCheckBox(tr("Transparent background (PNG)"), this);
    m_transparent->setObjectName("export-transparent");
    m_withPanels = new QCheckBox(tr("Row and column sums beside the map"), this);
    m_withPanels->setObjectName("export-panels");
    m_withPanels->setChecked(s.value("export/panels", true).toBool());
    m_summary = new QLabel(this);
    m_summary->setObjectName("export-summary");

    auto *form = new QFormLayout;
    form->addRow(tr("File"), pathRow);
    form->addRow(tr("Size"), m_preset);
    form->addRow(tr("Width × height"), sizeRow);
    form->addRow(tr("Pixel ratio"), m_ratio);
    form->addRow(tr("Title"), m_title);
    form->addRow(QString(), m_transparent);
    form->addRow(QString(), m_withPanels);
    form->addRow(QString(), m_summary);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);

    connect(m_preset, &QComboBox::currentIndexChanged, this,
        [this] { choosePreset(Preset(m_preset->currentData().toInt())); });
    for (QSpinBox *b : { m_width, m_height })
        connect(b, &QSpinBox::valueChanged, this, &ExportDialog::update);
    connect(m_ratio, &QDoubleSpinBox::valueChanged, this, &ExportDialog::update);
    connect(m_path, &QLineEdit::textChanged, this, &ExportDialog::update);
    m_width->setValue(base.size.width());
    m_height->setValue(base.size.height());
    m_ratio->setValue(base.pixelRatio);
    m_preset->setCurrentIndex(s.value("export/preset", 0).toInt());
    choosePreset(Preset(m_preset->currentData().toInt()));
}

void ExportDialog::choosePreset(Preset p)
{
    m_preset->blockSignals(true);
    m_preset->setCurrentIndex(m_preset->findData(int(p)));
    m_preset->blockSignals(false);
    const bool custom = p == Preset::Custom;
    m_width->setEnabled(custom);
    m_height->setEnabled(custom);
    // Sizes in points (PDF, SVG; at a pixel ratio for PNG and JPG); a comparison keeps the width and
    // gives each panel its share.
    switch (p) {
    case Preset::Slide:
        m_width->setValue(1920);
        m_height->setValue(1080);
        m_ratio->setValue(1.0);
        break;
    case Preset::PaperColumn:
        m_width->setValue(252); // 3.5 in
        if (m_plot) { // a plot's panels and legend need a square
            m_height->setValue(252);
            m_ratio->setValue(300.0 / 72.0);
            break;
        }
        // 3.5 inches wide; tall enough for a 5 x 5 map with its values at 8 points under a two-line
        // title (270), a comparison one map above the other (330).
        m_height->setValue(m_panels > 1 ? 330 : 270);
        m_ratio->setValue(300.0 / 72.0);
        break;
    case Preset::PaperPage:
        m_width->setValue(504); // 7 in
        m_height->setValue(m_panels > 1 && !m_plot ? 250 : 380);
        m_ratio->setValue(300.0 / 72.0);
        break;
    case Preset::Custom:
        break;
    }
    update();
}

void ExportDialog::setPath(const QString &path)
{
    m_path->setText(path);
}

void ExportDialog::update()
{
    const QString suffix = QFileInfo(m_path->text()).suffix().toLower();
    const bool image = io::pictureSuffixes().contains(suffix);
    const bool data = !m_imagesOnly
        && (m_plot ? suffix == QLatin1String("csv") || suffix == QLatin1String("json")
                   : io::matrixSuffixes().contains(suffix));
    const bool vector = io::isVector(m_path->text());
    m_ratio->setEnabled(image && !vector);
    for (QSpinBox *b : { m_width, m_height })
        b->setSuffix(vector ? tr(" pt") : tr(" px at ratio 1"));
    m_transparent->setEnabled(suffix == "png");
    m_title->setEnabled(image);
    m_withPanels->setEnabled(image);
    for (QWidget *w : std::initializer_list<QWidget *> { m_preset, m_width, m_height })
        w->setEnabled(image && (w == m_preset || Preset(m_preset->currentData().toInt()) == Preset::Custom));
    QString summary;
    if (!image && !data)
        summary = m_imagesOnly ? tr("Give the file a picture's suffix: .png, .jpg, .pdf or .svg.")
            : m_plot           ? tr("Give the file a suffix: .png, .jpg, .pdf, .svg, or .csv, .json for the numbers.")
                               : tr("Give the file a suffix: .png, .jpg, .pdf, .svg, or .csv, .npy, .json for data.");
    else if (data)
        summary = tr("Data: the numbers, no picture.");
    else if (vector)
        summary = tr("%1 × %2 points = %3 × %4 inches, vector.")
                      .arg(m_width->value())
                      .arg(m_height->value())
                      .arg(m_width->value() / 72.0, 0, 'f', 2)
                      .arg(m_height->value() / 72.0, 0, 'f', 2);
    else
        summary = tr("%1 × %2 pixels.")
                      .arg(qRound(m_width->value() * m_ratio->value()))
                      .arg(qRound(m_height->value() * m_ratio->value()));
    m_summary->setText(summary);
    m_ok->setEnabled(image || data);
}

void ExportDialog::browse()
{
    const QStringList filters = QStringList { tr("PNG image (*.png)"), tr("PDF, vector (*.pdf)"),
        tr("SVG, vector (*.svg)"), tr("JPEG image (*.jpg)") }
        + (m_imagesOnly  ? QStringList()
                : m_plot ? QStringList { tr("CSV, the numbers (*.csv)"), tr("JSON, the numbers (*.json)") }
                         : QStringList { tr("CSV, the shown matrix (*.csv)"),
                             tr("NumPy .npy, all of (B, L, S) (*.npy)"), tr("JSON, everything (*.json)") });
    QString filter;
    QString chosen = QFileDialog::getSaveFileName(this, tr("Export to"), m_path->text(), filters.join(";;"), &filter);
    if (chosen.isEmpty())
        return;
    if (QFileInfo(chosen).suffix().isEmpty())
        chosen += "." + filter.section("(*.", 1).section(')', 0, 0);
    m_path->setText(chosen);
}

void ExportDialog::accept()
{
    // An existing file is replaced only when the user says so (the file dialog asks too).
    if (QFileInfo::exists(m_path->text())
        && QMessageBox::question(this, tr("Replace the file?"),
               tr("'%1' exists. Replace it?").arg(QDir::toNativeSeparators(m_path->text())))
            != QMessageBox::Yes)
        return;
    QDialog::accept();
}

QString ExportDialog::path() const
{
    return m_path->text();
}

FigureOptions ExportDialog::options() const
{
    FigureOptions o = m_base;
    o.size = QSize(m_width->value(), m_height->value());
    o.pixelRatio = io::isVector(m_path->text()) ? 1.0 : m_ratio->value();
    o.title = m_title->text();
    o.transparent = m_transparent->isEnabled() && m_transparent->isChecked();
    o.panels = m_withPanels->isChecked();
    QSettings s;
    s.setValue("export/panels", o.panels);
    s.setValue("export/preset", m_preset->currentIndex());
    s.setValue("export/folder", QFileInfo(m_path->text()).absolutePath());
    s.setValue("export/suffix", QFileInfo(m_path->text()).suffix().toLower());
    return o;
}

ExportDialog *ExportDialog::forPlot(const PlotPicture &base, const QString &fileName, QWidget *parent)
{
    FigureOptions o;
    o.size = base.size;
    o.pixelRatio = base.pixelRatio;
    o.transparent = base.transparent;
    o.title = base.titleText;
    auto *d = new ExportDialog(o, false, 1, parent);
    d->m_plot = true;
    d->m_withPanels->setVisible(false);
    d->setPath(QFileInfo(d->path()).dir().filePath(fileName));
    if (!base.titleText.isEmpty() || !base.title)
        d->m_title->setText(base.title ? base.titleText : QString());
    else
        d->m_title->setPlaceholderText(tr("the plot's own title"));
    d->choosePreset(Preset(d->m_preset->currentData().toInt()));
    return d;
}

PlotPicture ExportDialog::plotPicture() const
{
    const FigureOptions o = options();
    PlotPicture p;
    p.size = o.size;
    p.pixelRatio = o.pixelRatio;
    p.transparent = o.transparent;
    p.titleText = o.title; // empty: the plot's own title
    return p;
}

void exportFromDialog(QWidget *parent, const QString &title, const QString &fileName, const PlotPicture &base,
    const std::function<bool(const QString &path, const PlotPicture &picture, QString *error)> &write)
{
    ExportDialog *dialog = ExportDialog::forPlot(base, fileName, parent);
    dialog->setWindowTitle(title);
    presentDialog(dialog, parent);
    const bool accepted = dialog->exec() == QDialog::Accepted;
    const QString path = dialog->path();
    const PlotPicture picture = accepted ? dialog->plotPicture() : PlotPicture();
    delete dialog;
    if (accepted) {
        QString error;
        if (!write(path, picture, &error))
            QMessageBox::warning(
                parent, QCoreApplication::translate("ExportDialog", "Export failed"), translatedMessage(error));
    }
    parent->window()->activateWindow();
}
