// SPDX-License-Identifier: GPL-3.0-or-later
#include "render/color_maps.h"

QColor maskedCellColor()
{
    return { 0xb8, 0xb8, 0xb8 };
}

QCPColorGradient colorGradient(const QString &name)
{
    const QStringList stops = colorMapStops(name);
    QCPColorGradient g;
    g.clearColorStops();
    const int n = int(stops.size());
    for (int i = 0; i < n; ++i)
        g.setColorStopAt(n > 1 ? double(i) / (n - 1) : 0.0, QColor(stops[i]));
    g.setColorInterpolation(QCPColorGradient::ciRGB);
    g.setLevelCount(256);
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(maskedCellColor());
    return g;
}
