// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/key_actions.h"

#include "multihead.h"

#include "model/translations.h"
#include "widgets/flow_layout.h"

#include <QAction>
#include <QRandomGenerator>
#include <QToolButton>
#include <QWidget>

// One key of the demo: its action's name, key, menu text, the short text of its presentation button (before the
// key, "√d_k [S]"; empty: no button) and its slot.
struct KeyActionEntry
{
    const char *name;
    QKeyCombination key;
    const char *text;
    const char *button;
    void (KeyActions::*slot)();
};

// clang-format off
const std::vector<KeyActionEntry> &KeyActions::table()
{
    static const std::vector<KeyActionEntry> entries = {
    { "toggleScaling", Qt::Key_S, QT_TRANSLATE_NOOP("KeyActions", "Scaling on/off"), QT_TRANSLATE_NOOP("KeyActions", "√d_k"), &KeyActions::toggleScaling },
    { "toggleSoftmaxDim", Qt::Key_D, QT_TRANSLATE_NOOP("KeyActions", "Softmax over keys / over queries"), QT_TRANSLATE_NOOP("KeyActions", "dim"), &KeyActions::toggleSoftmaxDim },
    { "halveDk", Qt::Key_Down, QT_TRANSLATE_NOOP("KeyActions", "Halve d_k"), QT_TRANSLATE_NOOP("KeyActions", "d_k ÷2"), &KeyActions::halveDk },
    { "doubleDk", Qt::Key_Up, QT_TRANSLATE_NOOP("KeyActions", "Double d_k"), QT_TRANSLATE_NOOP("KeyActions", "d_k ×2"), &KeyActions::doubleDk },
    { "shorter", Qt::Key_Left, QT_TRANSLATE_NOOP("KeyActions", "One query (and key) fewer"), QT_TRANSLATE_NOOP("KeyActions", "L−1"), &KeyActions::shorter },
    { "longer", Qt::Key_Right, QT_TRANSLATE_NOOP("KeyActions", "One more query (and key)"), QT_TRANSLATE_NOOP("KeyActions", "L+1"), &KeyActions::longer },
    { "cycleMask", Qt::Key_M, QT_TRANSLATE_NOOP("KeyActions", "Next mask: none, causal, padding"), QT_TRANSLATE_NOOP("KeyActions", "mask"), &KeyActions::cycleMask },
    { "cycleCompare", Qt::Key_C, QT_TRANSLATE_NOOP("KeyActions", "Next comparison: none, scaling, softmax dim"), QT_TRANSLATE_NOOP("KeyActions", "compare"), &KeyActions::cycleCompare },
    { "toggleRange", Qt::Key_F, QT_TRANSLATE_NOOP("KeyActions", "Colours: fixed 0 to 1 / fitted to the data"), QT_TRANSLATE_NOOP("KeyActions", "fit"), &KeyActions::toggleRange },
    { "toggleGradient", Qt::Key_G, QT_TRANSLATE_NOOP("KeyActions", "Gradient panels on/off (the softmax Jacobian's norm per row)"), QT_TRANSLATE_NOOP("KeyActions", "gradient"), &KeyActions::toggleGradient },
    { "nextInit", Qt::Key_I, QT_TRANSLATE_NOOP("KeyActions", "Weights' init: randn, randn/√d_model (variance 1), nn.Linear"), QT_TRANSLATE_NOOP("KeyActions", "init"), &KeyActions::nextInit },
    { "newSeed", Qt::Key_R, QT_TRANSLATE_NOOP("KeyActions", "New random seed"), QT_TRANSLATE_NOOP("KeyActions", "seed"), &KeyActions::newSeed },
    { "previousStep", Qt::Key_PageUp, QT_TRANSLATE_NOOP("KeyActions", "Previous lesson step"), QT_TRANSLATE_NOOP("KeyActions", "◀ step"), &KeyActions::previousStep },
    { "nextStep", Qt::Key_PageDown, QT_TRANSLATE_NOOP("KeyActions", "Next lesson step"), QT_TRANSLATE_NOOP("KeyActions", "step ▶"), &KeyActions::nextStep },
    { "animate", Qt::Key_Space, QT_TRANSLATE_NOOP("KeyActions", "Start/stop the sweep (View > Sweep over)"), QT_TRANSLATE_NOOP("KeyActions", "sweep"), &KeyActions::animate },
    { "showHull", Qt::Key_H, QT_TRANSLATE_NOOP("KeyActions", "The output inside the values' convex hull"), QT_TRANSLATE_NOOP("KeyActions", "hull"), &KeyActions::showWindow },
    { "showMistakes", Qt::Key_X, QT_TRANSLATE_NOOP("KeyActions", "Common mistakes: each beside the right line"), QT_TRANSLATE_NOOP("KeyActions", "mistakes"), &KeyActions::showWindow },
    { "leavePresentation", Qt::Key_Escape, QT_TRANSLATE_NOOP("KeyActions", "Leave presentation mode"), QT_TRANSLATE_NOOP("KeyActions", "leave"), &KeyActions::leavePresentation },
    { "presentation", Qt::Key_F5, QT_TRANSLATE_NOOP("KeyActions", "Presentation mode"), nullptr, &KeyActions::presentation },
    { "showPipeline", Qt::Key_P, QT_TRANSLATE_NOOP("KeyActions", "The four steps: Q, K, V → scores → logits → weights → out"), nullptr, &KeyActions::showWindow },
    { "showWhyScale", Qt::Key_W, QT_TRANSLATE_NOOP("KeyActions", "Why scale? The sweep over d_k, scaled and not"), nullptr, &KeyActions::showWindow },
    { "showTraining", Qt::Key_T, QT_TRANSLATE_NOOP("KeyActions", "Training: watch it fail to learn without the scale"), nullptr, &KeyActions::showWindow },
    { "switchLanguage", Qt::Key_L, QT_TRANSLATE_NOOP("KeyActions", "Switch the language: English / 中文 (in every window)"), QT_TRANSLATE_NOOP("KeyActions", "中文"), &KeyActions::switchLanguage },
    { "showHeads", Qt::CTRL | Qt::Key_H, QT_TRANSLATE_NOOP("KeyActions", "Heads: every head's map side by side"), nullptr, &KeyActions::showWindow },
    };
    return entries;
}
// clang-format on

KeyActions::KeyActions(AttentionModel *model, CompareController *comparison, LessonController *lesson,
    SweepController *sweep, QWidget *window, Hooks hooks)
    : QObject(window)
    , m_model(model)
    , m_comparison(comparison)
    , m_lesson(lesson)
    , m_sweep(sweep)
    , m_hooks(std::move(hooks))
{
    m_demoBar = new QWidget(window);
    m_demoBar->setObjectName("demoBar");
    m_demoBar->setVisible(false);
    auto *flow = new FlowLayout(m_demoBar, 4);
    flow->setContentsMargins(2, 2, 2, 2);
    for (const KeyActionEntry &e : table()) {
        auto *a = new QAction(window);
        a->setObjectName(e.name);
        a->setShortcut(QKeySequence(e.key));
        a->setShortcutContext(Qt::WindowShortcut);
        connect(a, &QAction::triggered, this, e.slot);
        window->addAction(a); // works with the menu bar hidden (presentation mode)
        m_actions << a;
        if (e.button) {
            auto *b = new QToolButton(m_demoBar);
            b->setObjectName(QStringLiteral("demo-%1").arg(e.name));
            b->setDefaultAction(a);
            b->setToolButtonStyle(Qt::ToolButtonTextOnly);
            b->setFocusPolicy(Qt::NoFocus); // the keys stay with the window
            flow->addWidget(b);
            m_buttons << b;
        }
    }
    action("toggleScaling")->setCheckable(true);
    action("animate")->setCheckable(true);
    connect(model, &AttentionModel::paramsChanged, this, &KeyActions::update);
    connect(model, &AttentionModel::compareChanged, this, &KeyActions::update);
    connect(model, &AttentionModel::displayChanged, this, &KeyActions::update);
    connect(lesson, &LessonController::stepChanged, this, &KeyActions::update);
    connect(sweep, &SweepController::runningChanged, this, &KeyActions::update);
    retranslate();
}

QAction *KeyActions::action(const QString &name) const
{
    for (QAction *a : m_actions)
        if (a->objectName() == name)
            return a;
    return nullptr;
}

void KeyActions::setButtonFont(const QFont &font)
{
    for (QToolButton *b : std::as_const(m_buttons))
        b->setFont(font);
}

void KeyActions::setLabel(const char *name, const QString &text)
{
    QAction *a = action(QLatin1String(name));
    a->setIconText(QStringLiteral("%1 [%2]").arg(text, a->shortcut().toString(QKeySequence::NativeText)));
}

void KeyActions::retranslate()
{
    for (const KeyActionEntry &e : table()) {
        QAction *a = action(QLatin1String(e.name));
        a->setText(tr(e.text));
        if (e.button)
            setLabel(e.name, tr(e.button));
    }
    update();
}

void KeyActions::update()
{
    const attn::Params &p = m_model->params();
    QAction *scaling = action("toggleScaling");
    const QSignalBlocker block(scaling); // setChecked must not toggle the scaling
    const bool additive = p.score == attn::Score::Additive; // additive scores are not scaled
    scaling->setChecked(p.scaling == attn::Scaling::InvSqrtDk && !additive);
    scaling->setEnabled(!additive);
    setLabel("toggleScaling",
        additive ? tr("÷√d_k: additive") : (p.scaling == attn::Scaling::InvSqrtDk ? tr("÷√d_k on") : tr("÷√d_k off")));
    setLabel("toggleSoftmaxDim", p.softmaxDim == -1 ? tr("dim −1") : tr("dim −2"));
    // Loaded files fix d_k and L: their keys and buttons wait for drawn data.
    for (const char *name : { "halveDk", "doubleDk", "shorter", "longer", "animate" })
        action(name)->setEnabled(!p.loaded);
    // nn.MultiheadAttention's heads are drawn: L and the seed draw them again.
    for (const char *name : { "shorter", "longer" })
        action(name)->setEnabled(!p.loaded || attn::multiheadOf(p));
    action("nextInit")->setEnabled(p.mode == attn::Mode::Projection && !p.loaded);
    setLabel("nextInit",
        p.mode != attn::Mode::Projection || p.loaded ? tr("init: none")
            : p.init == attn::Init::Randn            ? tr("init: randn")
            : p.init == attn::Init::Scaled           ? tr("init: randn/√d_model")
                                                     : tr("init: nn.Linear"));
    // A new seed draws nothing for loaded data, except additive attention's W_1, W_2, v.
    action("newSeed")->setEnabled(!p.loaded || attn::multiheadOf(p) || p.score == attn::Score::Additive);
    setLabel("cycleMask",
        p.mask == attn::MaskKind::None         ? tr("mask: none")
            : p.mask == attn::MaskKind::Causal ? tr("mask: causal")
            : p.mask == attn::MaskKind::Custom ? tr("mask: custom")
                                               : tr("mask: pad %1").arg(p.padOf(p.batchIndex)));
    const CompareKind kind = m_model->compare();
    setLabel("cycleCompare",
        kind == CompareKind::None             ? tr("compare: off")
            : kind == CompareKind::Scaling    ? tr("compare: scaling")
            : kind == CompareKind::SoftmaxDim ? tr("compare: dim")
            : kind == CompareKind::Score      ? tr("compare: score")
            : kind == CompareKind::MaskFill   ? tr("compare: −inf, −1e9")
            : kind == CompareKind::Sdpa       ? tr("compare: SDPA")
                                              : tr("compare: d_k"));
    setLabel("newSeed", tr("seed %1").arg(p.seed));
    setLabel("toggleGradient", m_model->display().gradientPanels ? tr("gradient: on") : tr("gradient: off"));
    setLabel("toggleRange",
        m_model->display().range == DisplayOptions::Range::Fixed01 ? tr("colours 0–1") : tr("colours: fit"));
    // The lesson's ends: no step before the first or after the last.
    // After a preset took the lesson's place, either key goes back to the step left.
    const bool away = m_lesson->hasLesson() && m_lesson->currentStep() >= 0 && !m_lesson->onStep();
    action("previousStep")->setEnabled(!m_lesson->hasLesson() || m_lesson->currentStep() > 0 || away);
    action("nextStep")->setEnabled(!m_lesson->hasLesson() || m_lesson->currentStep() < m_lesson->length() - 1 || away);
    setLabel("nextStep",
        away ? tr("back to step %1/%2 ▶").arg(m_lesson->currentStep() + 1).arg(m_lesson->length())
            : m_lesson->hasLesson() && m_lesson->currentStep() >= 0
            ? tr("step %1/%2 ▶").arg(m_lesson->currentStep() + 1).arg(m_lesson->length())
            : tr("lesson ▶"));
    QAction *sweep = action("animate");
    const QSignalBlocker blockSweep(sweep);
    sweep->setChecked(m_sweep->isRunning());
    setLabel("animate", m_sweep->isRunning() ? tr("■ sweep") : tr("▶ sweep"));
    setLabel("leavePresentation", tr("✕ leave"));
}

void KeyActions::changeParams(const std::function<void(attn::Params &)> &edit)
{
    attn::Params p = m_model->params();
    edit(p);
    m_model->setParams(p); // the model normalises: the editing rules hold
}

void KeyActions::toggleScaling()
{
    changeParams(attn::toggleScaling);
}

void KeyActions::toggleSoftmaxDim()
{
    changeParams(attn::toggleSoftmaxDim);
}

void KeyActions::doubleDk()
{
    changeParams(attn::doubleDk);
}

void KeyActions::halveDk()
{
    changeParams(attn::halveDk);
}

void KeyActions::longer()
{
    changeParams([](attn::Params &p) { attn::stepQueryLength(p, +1); });
}

void KeyActions::shorter()
{
    changeParams([](attn::Params &p) { attn::stepQueryLength(p, -1); });
}

void KeyActions::cycleMask()
{
    changeParams(attn::nextMask);
}

void KeyActions::nextInit()
{
    changeParams(attn::nextInit);
}

void KeyActions::newSeed()
{
    changeParams([](attn::Params &p) {
        const quint64 old = p.seed;
        do
            p.seed = QRandomGenerator::global()->bounded(1000000);
        while (p.seed == old);
    });
}

void KeyActions::nextStep()
{
    m_hooks.stepLesson(+1);
}

void KeyActions::previousStep()
{
    m_hooks.stepLesson(-1);
}

void KeyActions::animate()
{
    m_sweep->setRunning(!m_sweep->isRunning());
}

void KeyActions::cycleCompare()
{
    m_comparison->cycle();
}

void KeyActions::presentation()
{
    m_hooks.togglePresentation();
}

void KeyActions::leavePresentation()
{
    m_hooks.leavePresentation();
}

void KeyActions::switchLanguage()
{
    switchInterfaceLanguage(); // every window, these buttons too, gets a LanguageChange
}

void KeyActions::toggleRange()
{
    DisplayOptions d = m_model->display();
    d.range = d.range == DisplayOptions::Range::Fixed01 ? DisplayOptions::Range::Fit : DisplayOptions::Range::Fixed01;
    m_model->setDisplay(d);
}

void KeyActions::toggleGradient()
{
    DisplayOptions d = m_model->display();
    d.gradientPanels = !d.gradientPanels;
    m_model->setDisplay(d);
}

void KeyActions::showWindow()
{
    if (const auto *a = qobject_cast<const QAction *>(sender()))
        m_hooks.toggleWindow(a->objectName());
}
