// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/theme.h"

#include <QApplication>
#include <QPainter>
#include <QPalette>
#include <QProxyStyle>
#include <QStyle>
#include <QStyleOption>

namespace {

QString g_name = QStringLiteral("system");
// The platform's own style and palette, kept for "system" after another theme.
QString g_systemStyle;
QPalette g_systemPalette;
bool g_saved = false;

QPalette darkPalette()
{
    QPalette p;
    const QColor window(0x2b, 0x2b, 0x2b), base(0x1e, 0x1e, 0x1e), text(0xe8, 0xe8, 0xe8), disabled(0x80, 0x80, 0x80);
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, QColor(0x33, 0x33, 0x33));
    p.setColor(QPalette::ToolTipBase, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9a, 0x9a));
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0x70, 0x70));
    p.setColor(QPalette::Light, QColor(0x55, 0x55, 0x55));
    p.setColor(QPalette::Midlight, QColor(0x44, 0x44, 0x44));
    p.setColor(QPalette::Mid, QColor(0x30, 0x30, 0x30));
    p.setColor(QPalette::Dark, QColor(0x18, 0x18, 0x18));
    p.setColor(QPalette::Shadow, Qt::black);
    p.setColor(QPalette::Highlight, QColor(0x2f, 0x6d, 0xb5));
    p.setColor(QPalette::HighlightedText, Qt::white);
    p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
    p.setColor(QPalette::LinkVisited, QColor(0xb0, 0x90, 0xff));
    for (QPalette::ColorRole role : { QPalette::WindowText, QPalette::Text, QPalette::ButtonText })
        p.setColor(QPalette::Disabled, role, disabled);
    p.setColor(QPalette::Disabled, QPalette::Base, window);
    p.setColor(QPalette::Disabled, QPalette::Highlight, QColor(0x50, 0x50, 0x50));
    return p;
}

// Fusion, with a firmer outline around check boxes and radio buttons: Fusion's is a light grey on a light
// window (1.6:1) and a little darker than a dark one, which leaves an unticked box hard to see, on a projector
// most of all (WCAG asks 3:1 of a control).
class OutlinedFusion : public QProxyStyle
{
public:
    OutlinedFusion()
        : QProxyStyle(QStringLiteral("Fusion"))
    {
    }
    void drawPrimitive(
        PrimitiveElement element, const QStyleOption *option, QPainter *painter, const QWidget *widget) const override
    {
        QProxyStyle::drawPrimitive(element, option, painter, widget);
        if (element != PE_IndicatorCheckBox && element != PE_IndicatorRadioButton)
            return;
        painter->save();
        painter->setRenderHint(QPainter::Antialiasing);
        const bool enabled = option->state & State_Enabled;
        const QColor outline = enabled ? readable(option->palette, QColor(0x76, 0x76, 0x76), QColor(0xa0, 0xa0, 0xa0))
                                       : readable(option->palette, QColor(0xb8, 0xb8, 0xb8), QColor(0x6a, 0x6a, 0x6a));
        painter->setPen(QPen(outline, 1.0));
        painter->setBrush(Qt::NoBrush);
        const QRectF r = QRectF(option->rect).adjusted(0.5, 0.5, -0.5, -0.5);
        if (element == PE_IndicatorCheckBox)
            painter->drawRoundedRect(r, 2.0, 2.0);
        else
            painter->drawEllipse(r);
        painter->restore();
    }
};

} // namespace

void applyTheme(const QString &name)
{
    if (!g_saved) {
        g_systemStyle = QApplication::style()->name();
        g_systemPalette = QApplication::palette();
        g_saved = true;
    }
    g_name = name == QLatin1String("light") || name == QLatin1String("dark") ? name : QStringLiteral("system");
    if (g_name == QLatin1String("system")) {
        QApplication::setStyle(g_systemStyle);
        QApplication::setPalette(g_systemPalette);
    } else {
        QStyle *fusion = new OutlinedFusion;
        const QPalette palette = g_name == QLatin1String("dark") ? darkPalette() : fusion->standardPalette();
        QApplication::setStyle(fusion); // (the application owns it)
        QApplication::setPalette(palette);
    }
}

QString themeName()
{
    return g_name;
}

bool isDark(const QPalette &p)
{
    return p.color(QPalette::Window).lightness() < 128;
}

QColor readable(const QPalette &p, const QColor &onLight, const QColor &onDark)
{
    return isDark(p) ? onDark : onLight;
}
