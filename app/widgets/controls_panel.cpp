// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/controls_panel.h"

#include "model/labels.h"

#include "loaded.h"
#include "model/tokens.h"
#include "multihead.h"
#include "render/color_maps.h"

#include <QAbstractButton>
#include <QApplication>
#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDebug>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRandomGenerator>
#include <QRegularExpressionValidator>
#include <QScrollArea>
#include <QScrollBar>
#include <QSignalBlocker>
#include <QSlider>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>
#include <utility>

namespace {

// A spin box's range or suffix set again, even unchanged, asks for a relayout of the whole window (QAbstractSpinBox
// calls updateGeometry): on every change of the settings that cost more than the computation at L = 512.
void setRangeOf(QSpinBox *box, int minimum, int maximum)
{
    if (box->minimum() != minimum || box->maximum() != maximum)
        box->setRange(minimum, maximum);
}

// (A value set again repaints the box and its line edit: ten boxes on every change.)
void setValueOf(QSpinBox *box, int value)
{
    if (box->value() != value)
        box->setValue(value);
}

// (QFormLayout::setRowVisible, likewise)
void setRowVisible(QFormLayout *form, QWidget *field, bool visible)
{
    if (field->isHidden() == visible)
        form->setRowVisible(field, visible);
}

void setSuffixOf(QSpinBox *box, const QString &suffix)
{
    if (box->suffix() != suffix)
        box->setSuffix(suffix);
}

constexpr int kMaxLengthUi = 4096;
constexpr int kMaxDkUi = 1024;

int log2Floor(int v)
{
    int e = 0;
    while ((1 << (e + 1)) <= v)
        ++e;
    return e;
}

QWidget *row(QWidget *a, QWidget *b, QWidget *c = nullptr)
{
    auto *w = new QWidget;
    auto *l = new QHBoxLayout(w);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(a, 1);
    l->addWidget(b);
    if (c)
        l->addWidget(c);
    return w;
}

// A long tooltip (in the language's own width: Chinese is shorter) as rich text, which Qt wraps; a plain one is
// one line, up to the screen's width.
template <typename W> W *tip(W *w, const QString &text)
{
    const bool wide = w->fontMetrics().horizontalAdvance(text) > 480;
    w->setToolTip(wide ? QStringLiteral("<p>%1</p>").arg(text.toHtmlEscaped()) : text);
    return w;
}

} // namespace

int ControlsPanel::lengthFromSlider(int position)
{
    return int(std::lround(std::pow(double(kMaxLengthUi), double(position) / kLengthSteps)));
}

int ControlsPanel::sliderFromLength(int length)
{
    return int(std::lround(std::log(double(std::max(1, length))) / std::log(double(kMaxLengthUi)) * kLengthSteps));
}

ControlsPanel::ControlsPanel(AttentionModel *model, QWidget *parent)
    : QWidget(parent)
    , m_model(model)
{
    auto *scroll = new QScrollArea(this);
    m_scroll = scroll;
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    QWidget *content = build();
    scroll->setWidget(content);
    // Wide enough for the controls beside a vertical scroll bar: it scrolls up and down only.
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(content->minimumSizeHint().width() + scroll->verticalScrollBar()->sizeHint().width() + 2);
    if (qEnvironmentVariableIsSet("PROBE_WIDTH")) {
        for (QWidget *w : content->findChildren<QWidget *>()) {
            if (w->minimumSizeHint().width() > 150 || w->sizeHint().width() > 150) {
                auto *b = qobject_cast<QAbstractButton *>(w);
                qWarning() << w->metaObject()->className() << w->minimumSizeHint().width() << w->sizeHint().width()
                           << (b ? b->text() : QString());
            }
        }
        qWarning() << "content" << content->minimumSizeHint().width();
    }
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(scroll);
    showParams(model->params());
    showDisplay(model->display());
    connect(model, &AttentionModel::paramsChanged, this, &ControlsPanel::showParams);
    connect(model, &AttentionModel::displayChanged, this, &ControlsPanel::showDisplay);
    watchControls();
}

void ControlsPanel::watchControls()
{
    // The demo keys (arrows, Page Up/Down, Space) are window shortcuts; a focused control keeps them.
    for (QWidget *w : findChildren<QWidget *>())
        if (qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QAbstractSlider *>(w) || qobject_cast<QComboBox *>(w)
            || qobject_cast<QLineEdit *>(w) || qobject_cast<QAbstractButton *>(w)) {
            w->installEventFilter(this);
            if (!qobject_cast<QLineEdit *>(w) && !qobject_cast<QAbstractButton *>(w))
                w->setFocusPolicy(Qt::StrongFocus); // not Qt::WheelFocus: the wheel alone does not pick it
        }
}

void ControlsPanel::changeEvent(QEvent *event)
{
    QWidget::changeEvent(event);
    if (event->type() != QEvent::LanguageChange)
        return;
    // The controls are built again in the new language and show the model's settings: they hold no state of
    // their own. Where the panel was scrolled to and which control had the focus stay.
    const int scrolled = m_scroll->verticalScrollBar()->value();
    const QWidget *focused = QApplication::focusWidget();
    const QString focusName = focused && m_scroll->widget()->isAncestorOf(focused) ? focused->objectName() : QString();
    // The old controls go first, quietly: their signals (a field losing the focus) would edit the settings.
    QWidget *old = m_scroll->takeWidget();
    for (QWidget *w : old->findChildren<QWidget *>())
        w->disconnect(this);
    delete old;
    m_scroll->setWidget(build());
    showParams(m_model->params());
    showDisplay(m_model->display());
    watchControls();
    QTimer::singleShot(0, this, [this, scrolled] { m_scroll->verticalScrollBar()->setValue(scrolled); }); // laid out
    if (!focusName.isEmpty())
        if (auto *w = m_scroll->widget()->findChild<QWidget *>(focusName))
            w->setFocus();
}

QWidget *ControlsPanel::build()
{
    auto *content = new QWidget;
    auto *v = new QVBoxLayout(content);
    v->addWidget(buildInputs());
    v->addWidget(buildAttention());
    v->addWidget(buildView());
    v->addStretch(1);
    // Narrow, to leave the maps their room at 1280 px: a combo box asks for ten characters (it shows its whole
    // choice where the panel is wider), and a row too wide for the panel puts its field under its label.
    for (QComboBox *c : content->findChildren<QComboBox *>()) {
        c->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        c->setMinimumContentsLength(10);
    }
    for (QFormLayout *f : content->findChildren<QFormLayout *>())
        f->setRowWrapPolicy(QFormLayout::WrapLongRows);
    nameControls();
    // Every edit becomes new settings in the model, through core's editing rules.
    connectInputs();
    connectAttention();
    connectView();
    return content;
}

QGroupBox *ControlsPanel::buildInputs()
{
    auto *inputs = new QGroupBox(tr("Q, K, V"));
    auto *f = new QFormLayout(inputs);
    m_inputsForm = f;
    source = tip(new QComboBox,
        tr("Where Q, K and V come from: projections of a sequence X (Q = X·W_q, K = X·W_k, V = X·W_v) or drawn "
           "directly with torch.randn."));
    source->addItem(tr("Projection from X"), int(attn::Mode::Projection));
    source->addItem(tr("Direct Q, K, V"), int(attn::Mode::Direct));
    f->addRow(tr("Source"), source);

    dkSlider = tip(new QSlider(Qt::Horizontal),
        tr("Width d_k of queries and keys, in powers of two from 1 to 1024; larger d_k makes raw scores spread wider "
           "(their variance grows in proportion to d_k: the strip below gives the expected and the sampled one)."));
    dkSlider->setRange(0, log2Floor(kMaxDkUi));
    dkSlider->setPageStep(1);
    dkSlider->setTickPosition(QSlider::TicksBelow);
    dkSpin = tip(new QSpinBox, tr("d_k: any width from 1 to 1024."));
    dkSpin->setRange(1, kMaxDkUi);
    f->addRow(tr("d_k"), row(dkSlider, dkSpin));

    lenSlider = tip(new QSlider(Qt::Horizontal), tr("Number of queries L (rows of the heatmap), from 1 to 4096."));
    lenSlider->setRange(0, kLengthSteps);
    lenSpin = tip(new QSpinBox, tr("Number of queries L."));
    lenSpin->setRange(1, kMaxLengthUi);
    f->addRow(tr("Queries L"), row(lenSlider, lenSpin));

    keysSlider = tip(new QSlider(Qt::Horizontal), tr("Number of keys S (columns of the heatmap), from 1 to 4096."));
    keysSlider->setRange(0, kLengthSteps);
    keysSpin = tip(new QSpinBox, tr("Number of keys S."));
    keysSpin->setRange(1, kMaxLengthUi);
    f->addRow(tr("Keys S"), row(keysSlider, keysSpin));
    separateKeys = tip(new QCheckBox(tr("Cross-attention (keys from Y)")),
        tr("Off: self-attention, keys and values come from the same sequence as the queries, so S = L. On: they come "
           "from a second sequence Y with its own length S."));
    f->addRow(QString(), separateKeys);

    dModelSpin = tip(new QSpinBox, tr("Width d_model of the input sequence X (projection only)."));
    dModelSpin->setRange(1, 4096);
    f->addRow(tr("d_model"), dModelSpin);
    headsCombo = tip(new QComboBox,
        tr("Heads h: 1 is one head as above. More: the heads of nn.MultiheadAttention(d_model, h, bias=False), drawn "
           "as PyTorch draws them after torch.manual_seed(seed), each of d_k = d_v = d_model / h; the heatmap shows "
           "one "
           "head (the element box picks it) and View > Heads shows them all with their average."));
    f->addRow(tr("Heads h"), headsCombo);
    initCombo = tip(new QComboBox,
        tr("How W_q, W_k and W_v are drawn (projection only). randn: the lecture's, "
           "Var(q·k) = d_k·d_model². randn / √d_model: Var(q·k) = d_k. nn.Linear: PyTorch's "
           "default for nn.Linear(d_model, d, bias=False), uniform with bound 1/√d_model, "
           "Var(q·k) = d_k / 9; the same numbers PyTorch draws."));
    initCombo->addItem(tr("randn (the lecture's)"), int(attn::Init::Randn));
    initCombo->addItem(tr("randn / √d_model"), int(attn::Init::Scaled));
    initCombo->addItem(tr("nn.Linear's default"), int(attn::Init::Linear));
    f->addRow(tr("Weights"), initCombo);
    sigmaSpin = tip(new QDoubleSpinBox,
        tr("Scale σ of the inputs: X = σ·randn in projection mode, Q and K = σ·randn in "
           "direct mode. The scores' variance grows like σ⁴."));
    sigmaSpin->setRange(attn::Limits::minSigma, attn::Limits::maxSigma);
    sigmaSpin->setDecimals(3);
    sigmaSpin->setSingleStep(0.1);
    sigmaSpin->setValue(1.0);
    f->addRow(tr("Input scale σ"), sigmaSpin);
    dvSpin = tip(new QSpinBox, tr("Width d_v of the values, and so of the output."));
    dvSpin->setRange(1, 4096);
    dvFollowsDk = tip(new QCheckBox(tr("= d_k")), tr("Keep d_v equal to d_k, as the lecture does."));
    dvFollowsDk->setChecked(true);
    f->addRow(tr("d_v"), row(dvSpin, dvFollowsDk));

    seedEdit = tip(
        new QLineEdit, tr("torch.manual_seed(seed) before drawing: the same seed gives the same tensors as PyTorch."));
    seedEdit->setValidator(new QRegularExpressionValidator(QRegularExpression("\\d{1,20}"), seedEdit));
    newSeed = tip(new QPushButton(tr("New")), tr("Draw with a new random seed."));
    f->addRow(tr("Seed"), row(seedEdit, newSeed));

    tokensEdit = tip(new QLineEdit,
        tr("Type a sentence to put its words on the axes (L = S = number of words). In projection mode each distinct "
           "word has its own embedding, so repeated words give identical rows and columns."));
    tokensEdit->setPlaceholderText(tr("e.g. the cat sat on the mat"));
    tokensEdit->setClearButtonEnabled(true);
    f->addRow(tr("Tokens"), tokensEdit);
    positionsCheck = tip(new QCheckBox(tr("Add position encodings")),
        tr("Add sinusoidal position encodings to the word embeddings, so that repeated words are no longer "
           "identical."));
    f->addRow(QString(), positionsCheck);

    batchSpin = tip(new QSpinBox, tr("Batch size B: how many independent sequences are drawn."));
    batchSpin->setRange(1, 64);
    batchIndexSpin = tip(new QSpinBox, tr("Which batch element the heatmap shows."));
    f->addRow(tr("Batch B"), batchSpin);
    f->addRow(tr("Showing element"), batchIndexSpin);
    return inputs;
}

QGroupBox *ControlsPanel::buildAttention()
{
    auto *attention = new QGroupBox(tr("Attention"));
    auto *g = new QFormLayout(attention);
    scoreCombo = tip(new QComboBox,
        tr("How a query and a key are scored: the scaled dot product q·k, or Bahdanau's additive score "
           "v·tanh(q·W₁ + k·W₂) with H hidden units (W₁, W₂, v drawn after everything else; not scaled: tanh keeps "
           "it bounded whatever d_k is)."));
    scoreCombo->addItem(tr("dot product q·k"), int(attn::Score::Dot));
    scoreCombo->addItem(tr("additive v·tanh(q·W₁ + k·W₂)"), int(attn::Score::Additive));
    g->addRow(tr("Score"), scoreCombo);
    hiddenSpin = tip(new QSpinBox, tr("Additive attention's hidden units H: W₁ and W₂ are d_k × H, v has H entries."));
    hiddenSpin->setRange(1, attn::Limits::maxHidden);
    setValueOf(hiddenSpin, 8);
    hiddenSpin->setKeyboardTracking(false);
    g->addRow(tr("Hidden units H"), hiddenSpin);
    scaleCheck = tip(new QCheckBox(tr("Divide by √d_k")),
        tr("Scale the scores by 1/√d_k before the softmax, which divides their variance by d_k: back to 1 for "
           "unit-variance Q and K (direct mode); with the projection's randn weights it is d_model² (the strip "
           "below gives the expected and the sampled variance)."));
    g->addRow(scaleCheck);
    customScaleCheck
        = tip(new QCheckBox(tr("Custom factor")), tr("Multiply the scores by this factor instead (1/temperature)."));
    customScaleSpin = tip(new QDoubleSpinBox, tr("The factor the scores are multiplied by."));
    customScaleSpin->setRange(0.0001, 1000.0);
    customScaleSpin->setDecimals(4);
    customScaleSpin->setSingleStep(0.05);
    customScaleSpin->setValue(1.0);
    g->addRow(row(customScaleCheck, customScaleSpin));
    scalingCombo = tip(new QComboBox,
        tr("How the scores become logits, with the wrong scales found in real code: none; "
           "÷d_k, which scales too much; ÷√d_model (multi-head code dividing by the model's width "
           "instead of the head's); d_k^−¼ on q and on k (the same as ÷√d_k)."));
    for (attn::Scaling s : { attn::Scaling::InvSqrtDk, attn::Scaling::None, attn::Scaling::InvDk,
             attn::Scaling::InvSqrtDModel, attn::Scaling::QuarterEach, attn::Scaling::Custom })
        scalingCombo->addItem(scalingChoiceText(s), int(s));
    g->addRow(tr("Scaling"), scalingCombo);
    overKeys = tip(new QRadioButton(tr("Softmax over keys (dim −1)")),
        tr("Each query's weights over the keys sum to 1: the correct attention."));
    overQueries = tip(new QRadioButton(tr("Softmax over queries (dim −2)")),
        tr("Each key's weights over the queries sum to 1: the lecture's mistake; rows no longer sum to 1."));
    auto *dims = new QButtonGroup(attention);
    dims->addButton(overKeys);
    dims->addButton(overQueries);
    g->addRow(overKeys);
    g->addRow(overQueries);
    maskCombo = tip(new QComboBox,
        tr("Which keys a query may not see: none, the future (causal: key j > query i), padding at the end, or "
           "any cells: with Custom, click a cell of the heatmap to mask it or unmask it."));
    maskCombo->addItem(tr("No mask"), int(attn::MaskKind::None));
    maskCombo->addItem(tr("Causal"), int(attn::MaskKind::Causal));
    maskCombo->addItem(tr("Padding"), int(attn::MaskKind::Pad));
    maskCombo->addItem(tr("Custom (click cells)"), int(attn::MaskKind::Custom));
    padSpin = tip(new QSpinBox, tr("How many keys at the end are padding and masked."));
    padEachCheck = tip(new QCheckBox(tr("per b")),
        tr("Each batch element its own padding (pad:N1,N2,...): the number edits the shown element's (Batch index)."));
    g->addRow(tr("Mask"), row(maskCombo, padSpin, padEachCheck));
    fillCombo = tip(new QComboBox,
        tr("What a masked logit becomes. −inf: a boolean mask (PyTorch gives NaN where a query sees no key; 0 "
           "here, with a warning). −1e9: the idiom scores.masked_fill(mask, -1e9), which gives such a query "
           "uniform weights instead, silently."));
    fillCombo->addItem(tr("−inf"), int(attn::MaskFill::NegInf));
    fillCombo->addItem(tr("−1e9 (masked_fill)"), int(attn::MaskFill::MinusBillion));
    conventionCombo = tip(new QComboBox,
        tr("How the boolean mask reads (the hover and the explanation show it): F.scaled_dot_product_attention's "
           "attn_mask is True where a query takes part; nn.MultiheadAttention's key_padding_mask and attn_mask "
           "are True where it may not look. Handing one to the other without ~ inverts the mask."));
    conventionCombo->addItem(tr("SDPA: True = take part"), int(attn::MaskConvention::Sdpa));
    conventionCombo->addItem(tr("MHA: True = ignore"), int(attn::MaskConvention::Mha));
    // Each on its own row: side by side, a 330-pixel panel cut them mid-word ("SDPA: True = take").
    g->addRow(tr("Masked"), fillCombo);
    g->addRow(tr("Mask reads"), conventionCombo);
    return attention;
}

QGroupBox *ControlsPanel::buildView()
{
    auto *view = new QGroupBox(tr("View"));
    auto *h = new QFormLayout(view);
    quantityCombo = tip(new QComboBox,
        tr("What the heatmap shows: the weights after softmax, the raw scores Q·Kᵀ, or the scaled logits that go into "
           "the softmax."));
    quantityCombo->addItem(tr("Weights"), int(attn::Quantity::Weights));
    quantityCombo->addItem(tr("Raw scores Q·Kᵀ"), int(attn::Quantity::Scores));
    quantityCombo->addItem(tr("Scaled logits"), int(attn::Quantity::Logits));
    h->addRow(tr("Show"), quantityCombo);
    colorMapCombo = tip(new QComboBox, tr("Colour map of the heatmap; cool-warm is centred on 0, for scores."));
    for (const QString &name : colorMapNames())
        colorMapCombo->addItem(colorMapTitle(name), name);
    h->addRow(tr("Colours"), colorMapCombo);
    rangeCombo = tip(new QComboBox,
        tr("Colour range for weights: always 0 to 1 (comparable between settings) or fitted to the data (shows small "
           "differences)."));
    rangeCombo->addItem(tr("Fixed 0 to 1"), int(DisplayOptions::Range::Fixed01));
    rangeCombo->addItem(tr("Fit to data"), int(DisplayOptions::Range::Fit));
    h->addRow(tr("Range"), rangeCombo);
    cellValuesCheck = tip(new QCheckBox(tr("Values in cells")),
        tr("Write each value into its cell when the matrix is small enough to read (up to 16 × 16)."));
    h->addRow(cellValuesCheck);
    gradientCheck = tip(new QCheckBox(tr("Gradient panels")),
        tr("Beside the entropy, the softmax's gradient at each row: the norm of its Jacobian diag(p) − p·pᵀ. "
           "A one-hot row has 0 (no gradient flows back through it), a uniform row √(S − 1)/S. Key G."));
    h->addRow(gradientCheck);
    return view;
}

void ControlsPanel::nameControls()
{
    // Every control has a name, so that tests (and style sheets) can find it as a user would see it.
    const std::pair<QWidget *, const char *> names[] = {
        { source, "source" },
        { dkSlider, "dk-slider" },
        { dkSpin, "dk-spin" },
        { lenSlider, "len-slider" },
        { lenSpin, "len-spin" },
        { keysSlider, "keys-slider" },
        { keysSpin, "keys-spin" },
        { separateKeys, "separate-keys" },
        { dModelSpin, "d-model-spin" },
        { headsCombo, "heads-combo" },
        { dvSpin, "dv-spin" },
        { dvFollowsDk, "dv-follows-dk" },
        { seedEdit, "seed-edit" },
        { newSeed, "new-seed" },
        { tokensEdit, "tokens-edit" },
        { positionsCheck, "positions-check" },
        { batchSpin, "batch-spin" },
        { batchIndexSpin, "batch-index-spin" },
        { scaleCheck, "scale-check" },
        { customScaleCheck, "custom-scale-check" },
        { customScaleSpin, "custom-scale-spin" },
        { scalingCombo, "scaling-combo" },
        { scoreCombo, "score-combo" },
        { hiddenSpin, "hidden-spin" },
        { initCombo, "init-combo" },
        { sigmaSpin, "sigma-spin" },
        { overKeys, "over-keys" },
        { overQueries, "over-queries" },
        { maskCombo, "mask-combo" },
        { padSpin, "pad-spin" },
        { padEachCheck, "pad-each-check" },
        { fillCombo, "mask-fill-combo" },
        { conventionCombo, "mask-convention-combo" },
        { quantityCombo, "quantity-combo" },
        { colorMapCombo, "colormap-combo" },
        { rangeCombo, "range-combo" },
        { cellValuesCheck, "cell-values-check" },
        { gradientCheck, "gradient-check" },
    };
    for (const auto &[widget, name] : names)
        widget->setObjectName(QString::fromLatin1(name));
}

void ControlsPanel::connectInputs()
{
    connect(source, qOverload<int>(&QComboBox::activated), this, [this] {
        const int mode = source->currentData().toInt();
        if (mode < 0)
            return; // the loaded files, shown
        change([mode](attn::Params &p) {
            if (attn::multiheadOf(p))
                p = attn::singleHeadParams(p); // one head of the heads' B, L and d_model
            p.loaded.reset(); // back to the draws, at the loaded sizes
            attn::setMode(p, attn::Mode(mode));
        });
    });
    connect(dkSlider, &QSlider::valueChanged, this,
        [this](int e) { change([e](attn::Params &p) { attn::setDk(p, 1 << e); }); });
    connect(dkSpin, qOverload<int>(&QSpinBox::valueChanged), this,
        [this](int d) { change([d](attn::Params &p) { attn::setDk(p, d); }); });
    auto setLength = [this](int L) { change([L](attn::Params &p) { attn::setQueryLength(p, L); }); };
    auto setKeys = [this](int S) { change([S](attn::Params &p) { attn::setKeyLength(p, S); }); };
    connect(lenSlider, &QSlider::valueChanged, this, [=](int pos) { setLength(lengthFromSlider(pos)); });
    connect(lenSpin, qOverload<int>(&QSpinBox::valueChanged), this, setLength);
    connect(keysSlider, &QSlider::valueChanged, this, [=](int pos) { setKeys(lengthFromSlider(pos)); });
    connect(keysSpin, qOverload<int>(&QSpinBox::valueChanged), this, setKeys);
    connect(separateKeys, &QCheckBox::toggled, this,
        [this](bool on) { change([on](attn::Params &p) { attn::setSeparateKeys(p, on); }); });
    connect(headsCombo, qOverload<int>(&QComboBox::activated), this,
        [this] { setHeads(headsCombo->currentData().toInt()); });
    connect(dModelSpin, qOverload<int>(&QSpinBox::valueChanged), this,
        [this](int d) { change([d](attn::Params &p) { p.dModel = d; }); });
    connect(dvSpin, qOverload<int>(&QSpinBox::valueChanged), this,
        [this](int d) { change([d](attn::Params &p) { attn::setDv(p, d); }); });
    connect(dvFollowsDk, &QCheckBox::toggled, this,
        [this](bool on) { change([on](attn::Params &p) { attn::setDvFollowsDk(p, on); }); });
    connect(seedEdit, &QLineEdit::editingFinished, this, [this] {
        bool ok = false;
        const quint64 s = seedEdit->text().toULongLong(&ok);
        if (ok)
            change([s](attn::Params &p) { p.seed = s; });
    });
    connect(newSeed, &QPushButton::clicked, this, [this] {
        const quint64 s = QRandomGenerator::global()->bounded(1000000);
        change([s](attn::Params &p) { p.seed = s; });
    });
    connect(tokensEdit, &QLineEdit::editingFinished, this, [this] {
        const QStringList tokens = splitTokens(tokensEdit->text());
        change([tokens](attn::Params &p) {
            if (!tokens.isEmpty()) {
                attn::setSeparateKeys(p, false); // words are self-attention: S = L = their number
                attn::setQueryLength(p, int(tokens.size()));
            }
            p.tokens = toStdTokens(tokens);
        });
    });
    connect(positionsCheck, &QCheckBox::toggled, this,
        [this](bool on) { change([on](attn::Params &p) { p.positions = on; }); });
    connect(batchSpin, qOverload<int>(&QSpinBox::valueChanged), this,
        [this](int b) { change([b](attn::Params &p) { p.batch = b; }); });
    connect(batchIndexSpin, qOverload<int>(&QSpinBox::valueChanged), this,
        [this](int b) { change([b](attn::Params &p) { p.batchIndex = b; }); });
}

void ControlsPanel::connectAttention()
{
    auto setScaling = [this] {
        change([this](attn::Params &p) {
            // Unticking the custom factor goes back to the lecture's 1/√d_k (its box was greyed meanwhile).
            p.scaling = customScaleCheck->isChecked()                           ? attn::Scaling::Custom
                : p.scaling == attn::Scaling::Custom || scaleCheck->isChecked() ? attn::Scaling::InvSqrtDk
                                                                                : attn::Scaling::None;
            p.customScale = customScaleSpin->value();
        });
    };
    connect(scaleCheck, &QCheckBox::toggled, this, setScaling);
    connect(customScaleCheck, &QCheckBox::toggled, this, setScaling);
    connect(customScaleSpin, qOverload<double>(&QDoubleSpinBox::valueChanged), this, setScaling);
    connect(scalingCombo, qOverload<int>(&QComboBox::activated), this, [this] {
        change([this](attn::Params &p) {
            p.scaling = attn::Scaling(scalingCombo->currentData().toInt());
            p.customScale = customScaleSpin->value();
        });
    });
    connect(scoreCombo, qOverload<int>(&QComboBox::activated), this,
        [this] { change([this](attn::Params &p) { p.score = attn::Score(scoreCombo->currentData().toInt()); }); });
    connect(hiddenSpin, qOverload<int>(&QSpinBox::valueChanged), this,
        [this](int h) { change([h](attn::Params &p) { p.additiveHidden = h; }); });
    connect(initCombo, qOverload<int>(&QComboBox::activated), this,
        [this] { change([this](attn::Params &p) { p.init = attn::Init(initCombo->currentData().toInt()); }); });
    connect(sigmaSpin, qOverload<double>(&QDoubleSpinBox::valueChanged), this,
        [this](double s) { change([s](attn::Params &p) { p.sigma = s; }); });
    connect(overKeys, &QRadioButton::toggled, this,
        [this](bool on) { change([on](attn::Params &p) { p.softmaxDim = on ? -1 : -2; }); });
    auto setMask = [this] {
        change([this](attn::Params &p) {
            const auto kind = attn::MaskKind(maskCombo->currentData().toInt());
            if (kind == attn::MaskKind::Pad && p.mask == attn::MaskKind::Pad && padEachCheck->isChecked()) {
                attn::setPadOf(p, p.batchIndex, padSpin->value()); // the shown element's alone
                return;
            }
            // Choosing padding masks one key to begin with (0 keys would be no mask at all).
            const int pad = kind == attn::MaskKind::Pad && p.mask != attn::MaskKind::Pad && padSpin->value() == 0
                ? std::min(1, p.keyLength)
                : padSpin->value();
            attn::setMask(p, kind, pad);
        });
    };
    connect(maskCombo, qOverload<int>(&QComboBox::activated), this, setMask);
    connect(padSpin, qOverload<int>(&QSpinBox::valueChanged), this, setMask);
    connect(padEachCheck, &QCheckBox::toggled, this, [this](bool on) {
        if (!on) // one padding for all again: the shown element's
            change([](attn::Params &p) { attn::setMask(p, attn::MaskKind::Pad, p.padOf(p.batchIndex)); });
    });
    connect(fillCombo, qOverload<int>(&QComboBox::activated), this,
        [this] { change([this](attn::Params &p) { p.maskFill = attn::MaskFill(fillCombo->currentData().toInt()); }); });
    connect(conventionCombo, qOverload<int>(&QComboBox::activated), this, [this] {
        change([this](attn::Params &p) {
            p.maskConvention = attn::MaskConvention(conventionCombo->currentData().toInt());
        });
    });
}

void ControlsPanel::connectView()
{
    connect(quantityCombo, qOverload<int>(&QComboBox::activated), this, [this] {
        changeDisplay([this](DisplayOptions &d) { d.quantity = attn::Quantity(quantityCombo->currentData().toInt()); });
    });
    connect(colorMapCombo, qOverload<int>(&QComboBox::activated), this,
        [this] { changeDisplay([this](DisplayOptions &d) { d.colorMap = colorMapCombo->currentData().toString(); }); });
    connect(rangeCombo, qOverload<int>(&QComboBox::activated), this, [this] {
        changeDisplay(
            [this](DisplayOptions &d) { d.range = DisplayOptions::Range(rangeCombo->currentData().toInt()); });
    });
    connect(cellValuesCheck, &QCheckBox::toggled, this,
        [this](bool on) { changeDisplay([on](DisplayOptions &d) { d.cellValues = on; }); });
    connect(gradientCheck, &QCheckBox::toggled, this,
        [this](bool on) { changeDisplay([on](DisplayOptions &d) { d.gradientPanels = on; }); });
}

void ControlsPanel::change(const std::function<void(attn::Params &)> &edit)
{
    attn::Params p = m_model->params();
    edit(p);
    if (!m_model->setParams(p)) // the model normalises: the editing rules hold
        showParams(m_model->params()); // refused: show what still holds
}

void ControlsPanel::changeDisplay(const std::function<void(DisplayOptions &)> &edit)
{
    DisplayOptions d = m_model->display();
    edit(d);
    m_model->setDisplay(d);
}

void ControlsPanel::showParams(const attn::Params &p)
{
    const QList<QWidget *> all { source, dkSlider, dkSpin, lenSlider, lenSpin, keysSlider, keysSpin, separateKeys,
        dModelSpin, headsCombo, dvSpin, dvFollowsDk, seedEdit, batchSpin, batchIndexSpin, scaleCheck, customScaleCheck,
        customScaleSpin, scalingCombo, scoreCombo, hiddenSpin, initCombo, sigmaSpin, overKeys, overQueries, maskCombo,
        padSpin, padEachCheck, fillCombo, conventionCombo, tokensEdit, positionsCheck };
    std::vector<std::unique_ptr<QSignalBlocker>> blockers;
    for (QWidget *w : all)
        blockers.push_back(std::make_unique<QSignalBlocker>(w));

    showSource(p);
    showInputs(p);
    showAttention(p);
}

// Loaded Q, K, V: a third source, while they are shown; the sizes are theirs.
void ControlsPanel::showSource(const attn::Params &p)
{
    const int loadedItem = source->findData(-1);
    if (const attn::MultiheadResult *m = attn::multiheadOf(p)) {
        const QString text = tr("Heads of nn.MultiheadAttention");
        if (loadedItem < 0)
            source->addItem(text, -1);
        else
            source->setItemText(loadedItem, text);
        source->setCurrentIndex(source->findData(-1));
        source->setToolTip(tr("Q, K and V of %1 heads: X = torch.randn(%2, %3, %4) projected by the in_proj_weight of "
                              "nn.MultiheadAttention(%4, %1, bias=False) after torch.manual_seed(%5), each cut into "
                              "heads of d_k = %6.")
                               .arg(m->settings.heads)
                               .arg(m->settings.batch)
                               .arg(m->settings.length)
                               .arg(m->settings.dModel)
                               .arg(m->settings.seed)
                               .arg(m->headDim));
    } else if (p.loaded) {
        const QString text = tr("Files: %1").arg(QString::fromStdString(p.loaded->source));
        if (loadedItem < 0)
            source->addItem(text, -1);
        else
            source->setItemText(loadedItem, text);
        source->setCurrentIndex(source->findData(-1));
        source->setToolTip(p.loaded->vGiven
                ? tr("Q, K and V loaded from %1.").arg(QString::fromStdString(p.loaded->source))
                : tr("Q and K loaded from %1; no V was given, so V = K.")
                      .arg(QString::fromStdString(p.loaded->source)));
    } else {
        if (loadedItem >= 0)
            source->removeItem(loadedItem);
        source->setCurrentIndex(source->findData(int(p.mode)));
        source->setToolTip(tr("Where Q, K and V come from: projections of a sequence X (Q = X·W_q, K = X·W_k, V = "
                              "X·W_v) or drawn directly with torch.randn; File > Open attention data loads them."));
    }
}

// The sizes, the inputs' draws and the batch element; under loaded data, what they fix is greyed or hidden.
void ControlsPanel::showInputs(const attn::Params &p)
{
    dkSlider->setValue(log2Floor(p.dK));
    setValueOf(dkSpin, p.dK);
    lenSlider->setValue(sliderFromLength(p.queryLength));
    setValueOf(lenSpin, p.queryLength);
    keysSlider->setValue(sliderFromLength(p.keyLength));
    setValueOf(keysSpin, p.keyLength);
    separateKeys->setChecked(!p.keysFollowLength);
    keysSlider->setEnabled(!p.keysFollowLength);
    keysSpin->setEnabled(!p.keysFollowLength);
    separateKeys->setText(
        p.mode == attn::Mode::Projection ? tr("Cross-attention (keys from Y)") : tr("Own number of keys S"));
    setValueOf(dModelSpin, p.dModel);
    const attn::MultiheadResult *multihead = attn::multiheadOf(p);
    // d_model is the projection's width, and what the ÷√d_model mistake divides by.
    dModelSpin->setEnabled(p.mode == attn::Mode::Projection || multihead || p.scaling == attn::Scaling::InvSqrtDModel);
    // With h heads d_model must stay a multiple of h: the arrows step by h, and a typed number counts when it is
    // finished (Enter or leaving the box), not digit by digit (the "5" of 512 was refused as not divisible by 8).
    dModelSpin->setSingleStep(multihead ? multihead->settings.heads : 1);
    dModelSpin->setKeyboardTracking(!multihead);
    showHeads(p);
    initCombo->setCurrentIndex(initCombo->findData(int(p.init)));
    initCombo->setEnabled(p.mode == attn::Mode::Projection);
    if (std::fabs(sigmaSpin->value() - p.sigma) > 5e-4)
        sigmaSpin->setValue(p.sigma);
    setValueOf(dvSpin, p.dV);
    dvFollowsDk->setChecked(p.dvFollowsDk);
    dvSpin->setEnabled(!p.dvFollowsDk);
    if (!seedEdit->hasFocus() || seedEdit->text() != QString::number(p.seed))
        seedEdit->setText(QString::number(p.seed));
    const QString sentence = fromStdTokens(p.tokens).join(' ');
    if (splitTokens(tokensEdit->text()) != fromStdTokens(p.tokens))
        tokensEdit->setText(sentence);
    positionsCheck->setChecked(p.positions);
    positionsCheck->setEnabled(!p.tokens.empty() && p.mode == attn::Mode::Projection);
    setValueOf(batchSpin, p.batch);
    setRangeOf(batchIndexSpin, 0, p.batch - 1);
    setValueOf(batchIndexSpin, p.batchIndex);
    // Loaded heads: B·H elements, element b·H + h being batch b, head h; the boxes say which.
    const int heads = p.loaded ? p.loaded->heads : 1;
    setSuffixOf(batchSpin, heads > 1 ? tr(" = %1 batch × %2 heads").arg(p.batch / heads).arg(heads) : QString());
    setSuffixOf(batchIndexSpin,
        heads > 1 ? tr(" = batch %1, head %2").arg(p.batchIndex / heads).arg(p.batchIndex % heads) : QString());
    batchIndexSpin->setEnabled(p.batch > 1);
    // The seed draws nothing for loaded data, except additive attention's W_1, W_2, v (and the heads, drawn).
    const bool seeded = !p.loaded || multihead || p.score == attn::Score::Additive;
    seedEdit->setEnabled(seeded);
    newSeed->setEnabled(seeded);
    // Loaded data are not drawn: d_model, the weights' init, σ, the tokens (and the seed, unless additive
    // attention draws W_1, W_2, v) would say what does not apply; their rows are hidden.
    for (QWidget *w :
        { static_cast<QWidget *>(dModelSpin), static_cast<QWidget *>(initCombo), static_cast<QWidget *>(sigmaSpin),
            static_cast<QWidget *>(tokensEdit), static_cast<QWidget *>(positionsCheck) })
        setRowVisible(m_inputsForm, w, !p.loaded || (multihead && w == dModelSpin)); // (never hidden a moment)
    setRowVisible(m_inputsForm, headsCombo, !p.loaded || multihead);
    setRowVisible(m_inputsForm, seedEdit->parentWidget(), seeded);
    if (p.loaded) // the files fix the sizes and are not drawn
        for (QWidget *w :
            { static_cast<QWidget *>(dkSlider), static_cast<QWidget *>(dkSpin), static_cast<QWidget *>(lenSlider),
                static_cast<QWidget *>(lenSpin), static_cast<QWidget *>(keysSlider), static_cast<QWidget *>(keysSpin),
                static_cast<QWidget *>(separateKeys), static_cast<QWidget *>(dModelSpin),
                static_cast<QWidget *>(dvSpin), static_cast<QWidget *>(dvFollowsDk), static_cast<QWidget *>(sigmaSpin),
                static_cast<QWidget *>(initCombo), static_cast<QWidget *>(batchSpin),
                static_cast<QWidget *>(tokensEdit), static_cast<QWidget *>(positionsCheck) })
            // (the heads follow d_model, L and the seed; h fixes d_k and d_v. Those stay enabled throughout: a
            // control disabled for a moment hands its focus to the next one, which then took the keys typed
            // into it, the second digit of L going to Heads h)
            w->setEnabled(multihead && (w == lenSlider || w == lenSpin || w == dModelSpin));
    if (!p.loaded) // (the others follow their own rules above)
        for (QWidget *w :
            { static_cast<QWidget *>(dkSlider), static_cast<QWidget *>(dkSpin), static_cast<QWidget *>(lenSlider),
                static_cast<QWidget *>(lenSpin), static_cast<QWidget *>(separateKeys),
                static_cast<QWidget *>(dvFollowsDk), static_cast<QWidget *>(sigmaSpin),
                static_cast<QWidget *>(batchSpin), static_cast<QWidget *>(tokensEdit) })
            w->setEnabled(true);
}

// The heads: the divisors of d_model up to 64 (the one shown among them), in projection mode or while heads are shown.
void ControlsPanel::showHeads(const attn::Params &p)
{
    const attn::MultiheadResult *multihead = attn::multiheadOf(p);
    const int shown = multihead ? multihead->settings.heads : 1;
    // (made again only when d_model changed: this runs on every change of the settings, a slider's drag too)
    QList<int> wanted;
    for (int h = 1; h <= std::min(p.dModel, 64); ++h)
        if (p.dModel % h == 0)
            wanted << h;
    if (!wanted.contains(shown))
        wanted << shown;
    QList<int> items;
    for (int i = 0; i < headsCombo->count(); ++i)
        items << headsCombo->itemData(i).toInt();
    if (items != wanted || headsCombo->property("dModel").toInt() != p.dModel) {
        headsCombo->clear();
        for (int h : wanted)
            headsCombo->addItem(h == 1  ? tr("1 (one head)")
                    : p.dModel % h == 0 ? tr("%1 (d_k = %2)").arg(h).arg(p.dModel / h)
                                        : QString::number(h),
                h);
        headsCombo->setProperty("dModel", p.dModel);
    }
    headsCombo->setCurrentIndex(headsCombo->findData(shown));
    headsCombo->setEnabled((p.mode == attn::Mode::Projection && !p.loaded) || multihead);
}

// h heads of nn.MultiheadAttention from the current d_model, L, batch and seed; 1: back to one projected head.
void ControlsPanel::setHeads(int heads)
{
    const attn::Params &now = m_model->params();
    const attn::MultiheadResult *multihead = attn::multiheadOf(now);
    if (heads <= 1) {
        if (multihead)
            change([](attn::Params &p) { p = attn::singleHeadParams(p); });
        return;
    }
    attn::MultiheadSettings s;
    s.batch = multihead ? multihead->settings.batch : now.batch;
    s.length = now.queryLength;
    s.dModel = now.dModel;
    s.heads = heads;
    s.seed = now.seed;
    if (multihead && s == multihead->settings)
        return;
    if (const std::string problem = attn::multiheadProblem(s); !problem.empty()) {
        emit m_model->problem(tr("Heads: %1").arg(QString::fromStdString(problem)));
        showParams(now);
        return;
    }
    if (attn::multiheadDrawBytes(s) > attn::defaultMemoryBudget()) {
        emit m_model->problem(tr("Heads: nn.MultiheadAttention(%1, %2) over these tokens needs about %3 MiB, more than "
                                 "the %4 MiB allowed on this machine; reduce L or d_model")
                                  .arg(s.dModel)
                                  .arg(s.heads)
                                  .arg(attn::multiheadDrawBytes(s) >> 20)
                                  .arg(attn::defaultMemoryBudget() >> 20));
        showParams(now);
        return;
    }
    change([&s](attn::Params &p) { p = attn::multiheadParams(attn::singleHeadParams(p), s); });
}

// The scaling, the score, the softmax dim and the mask.
void ControlsPanel::showAttention(const attn::Params &p)
{
    scaleCheck->setChecked(p.scaling == attn::Scaling::InvSqrtDk);
    scaleCheck->setEnabled(p.scaling != attn::Scaling::Custom);
    scaleCheck->setText(tr("Divide by √d_k = %1").arg(std::sqrt(double(p.dK)), 0, 'g', 4));
    customScaleCheck->setChecked(p.scaling == attn::Scaling::Custom);
    if (p.scaling == attn::Scaling::Custom)
        customScaleSpin->setValue(p.customScale);
    customScaleSpin->setEnabled(p.scaling == attn::Scaling::Custom);
    scalingCombo->setCurrentIndex(scalingCombo->findData(int(p.scaling)));
    scoreCombo->setCurrentIndex(scoreCombo->findData(int(p.score)));
    setValueOf(hiddenSpin, p.additiveHidden);
    const bool additive = p.score == attn::Score::Additive;
    hiddenSpin->setEnabled(additive);
    // Additive scores are not scaled: the scaling controls wait for the dot product.
    for (QWidget *w : { static_cast<QWidget *>(scalingCombo), static_cast<QWidget *>(customScaleCheck) })
        w->setEnabled(!additive);
    if (additive) { // not checked either: nothing is divided by √d_k
        scaleCheck->setChecked(false);
        scaleCheck->setEnabled(false);
        customScaleSpin->setEnabled(false);
    }
    overKeys->setChecked(p.softmaxDim == -1);
    overQueries->setChecked(p.softmaxDim == -2);
    maskCombo->setCurrentIndex(maskCombo->findData(int(p.mask)));
    setRangeOf(padSpin, 0, p.keyLength);
    setValueOf(padSpin, p.mask == attn::MaskKind::Pad ? p.padOf(p.batchIndex) : 0);
    padSpin->setEnabled(p.mask == attn::MaskKind::Pad);
    if (!p.padPerBatch.empty())
        padEachCheck->setChecked(true);
    else if (p.mask != attn::MaskKind::Pad || p.batch < 2)
        padEachCheck->setChecked(false);
    padEachCheck->setEnabled(p.mask == attn::MaskKind::Pad && p.batch > 1);
    fillCombo->setCurrentIndex(fillCombo->findData(int(p.maskFill)));
    conventionCombo->setCurrentIndex(conventionCombo->findData(int(p.maskConvention)));
    fillCombo->setEnabled(p.mask != attn::MaskKind::None);
    conventionCombo->setEnabled(p.mask != attn::MaskKind::None);
}

void ControlsPanel::showDisplay(const DisplayOptions &d)
{
    const QSignalBlocker a(quantityCombo), b(colorMapCombo), c(rangeCombo), e(cellValuesCheck), g(gradientCheck);
    quantityCombo->setCurrentIndex(quantityCombo->findData(int(d.quantity)));
    colorMapCombo->setCurrentIndex(colorMapCombo->findData(d.colorMap));
    rangeCombo->setCurrentIndex(rangeCombo->findData(int(d.range)));
    rangeCombo->setEnabled(d.quantity == attn::Quantity::Weights);
    cellValuesCheck->setChecked(d.cellValues);
    gradientCheck->setChecked(d.gradientPanels);
}

bool ControlsPanel::eventFilter(QObject *watched, QEvent *event)
{
    // The wheel scrolls the settings: it changes a combo box, spin box or slider only when that has the focus
    // (clicked first), never one that passes under the pointer on the way down.
    if (event->type() == QEvent::Wheel) {
        auto *w = qobject_cast<QWidget *>(watched);
        if (w && !w->hasFocus() && w != m_scroll->verticalScrollBar() && w != m_scroll->horizontalScrollBar()
            && (qobject_cast<QAbstractSpinBox *>(w) || qobject_cast<QAbstractSlider *>(w)
                || qobject_cast<QComboBox *>(w))) {
            QCoreApplication::sendEvent(m_scroll->verticalScrollBar(), event);
            return true;
        }
    }
    if (event->type() == QEvent::ShortcutOverride) {
        const auto *key = static_cast<QKeyEvent *>(event);
        const bool plain = (key->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier)) == 0;
        const bool isButton = qobject_cast<QAbstractButton *>(watched) != nullptr;
        const bool arrowsMove = !isButton || qobject_cast<QRadioButton *>(watched) != nullptr;
        switch (key->key()) {
        case Qt::Key_Space:
            if (plain && isButton) { // ticks the box instead of starting the sweep
                event->accept();
                return true;
            }
            break;
        case Qt::Key_Up:
        case Qt::Key_Down:
        case Qt::Key_Left:
        case Qt::Key_Right:
        case Qt::Key_Home:
        case Qt::Key_End:
            if (plain && arrowsMove) { // steps the focused control, not d_k, L or the lesson
                event->accept();
                return true;
            }
            break;
        default:
            break;
        }
    }
    return QWidget::eventFilter(watched, event);
}
