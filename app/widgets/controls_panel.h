// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once
// The settings as widgets. Every change goes to the model as new Params or DisplayOptions; the
// widgets show whatever the model holds (also when it changed from elsewhere).

#include "model/attention_model.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QGroupBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QRadioButton;
class QScrollArea;
class QSlider;
class QSpinBox;

class ControlsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ControlsPanel(AttentionModel *model, QWidget *parent = nullptr);

    // Slider positions for lengths: 0..kLengthSteps maps geometrically onto 1..4096.
    static constexpr int kLengthSteps = 1000;
    static int lengthFromSlider(int position);
    static int sliderFromLength(int length);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;
    void changeEvent(QEvent *event) override; // a language switch builds the controls again

private:
    void showSource(const attn::Params &p);
    void showHeads(const attn::Params &p);
    void setHeads(int heads);
    void showInputs(const attn::Params &p);
    void showAttention(const attn::Params &p);
    void showParams(const attn::Params &p);
    void showDisplay(const DisplayOptions &d);
    void change(const std::function<void(attn::Params &)> &edit);
    void changeDisplay(const std::function<void(DisplayOptions &)> &edit);
    QWidget *build();
    void watchControls(); // the wheel and the demo keys over the controls (eventFilter)
    QGroupBox *buildInputs(); // Q, K, V: source, d_k, L, S, d_model, d_v, seed, tokens, batch
    QGroupBox *buildAttention(); // scaling, softmax dimension, mask
    QGroupBox *buildView(); // what is shown and how
    void nameControls();
    void connectInputs();
    void connectAttention();
    void connectView();

    AttentionModel *m_model;

    // The controls. Tests find them by their objectName (set in build()) and drive them as a user does.
    QFormLayout *m_inputsForm = nullptr; // its rows of drawing settings are hidden for loaded data
    QComboBox *source;
    QSlider *dkSlider;
    QSpinBox *dkSpin;
    QSlider *lenSlider, *keysSlider;
    QSpinBox *lenSpin, *keysSpin;
    QCheckBox *separateKeys;
    QSpinBox *dModelSpin, *dvSpin;
    QComboBox *headsCombo; // h heads of nn.MultiheadAttention(d_model, h): the divisors of d_model (1: one head)
    QCheckBox *dvFollowsDk;
    QLineEdit *seedEdit;
    QPushButton *newSeed;
    QLineEdit *tokensEdit;
    QCheckBox *positionsCheck;
    QSpinBox *batchSpin, *batchIndexSpin;
    QCheckBox *scaleCheck, *customScaleCheck;
    QDoubleSpinBox *customScaleSpin;
    QComboBox *scalingCombo; // every scaling, the wrong ones found in real code too
    QComboBox *scoreCombo; // scaled dot product or additive (Bahdanau)
    QSpinBox *hiddenSpin; // additive attention's hidden units H
    QComboBox *initCombo; // how projection mode draws W_q, W_k, W_v
    QDoubleSpinBox *sigmaSpin; // the inputs' scale
    QRadioButton *overKeys, *overQueries;
    QComboBox *maskCombo;
    QScrollArea *m_scroll = nullptr;
    QSpinBox *padSpin;
    QCheckBox *padEachCheck;
    QComboBox *fillCombo;
    QComboBox *conventionCombo;
    QComboBox *quantityCombo, *colorMapCombo, *rangeCombo;
    QCheckBox *cellValuesCheck;
    QCheckBox *gradientCheck;
};
