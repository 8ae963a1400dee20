// SPDX-License-Identifier: GPL-3.0-or-later
#include "widgets/theme.h"

#include <QApplication>
#include <QPalette>
#include <QStyle>
#include <QStyleFactory>

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
        return;
    }
    QStyle *fusion = QStyleFactory::create(QStringLiteral("Fusion"));
    const QPalette palette = g_name == QLatin1String("dark") ? darkPalette() : fusion->standardPalette();
    QApplication::setStyle(fusion); // (the application owns it)
    QApplication::setPalette(palette);
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
