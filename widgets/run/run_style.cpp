// SPDX-License-Identifier: GPL-3.0-or-later
#include "run_style.h"

#include <array>
#include <algorithm>
#include <cmath>

namespace hs::widgets {

namespace {

// Colour-blind-safe qualitative set (Okabe-Ito order, without black and yellow, which vanish next
// to the reference and on white), then distinct hues of similar weight: twelve in all.
constexpr std::array<QRgb, 12> kPalette = {0x0072B2, 0xD55E00, 0x009E73, 0xCC79A7, 0x56B4E9, 0xE69F00,
                                           0x7B3294, 0x8C564B, 0x17BECF, 0xB8860B, 0x4D4D9F, 0x66A61E};
// Past twelve configurations the colours repeat with another dash pattern: 60 distinct looks
// (index counts configurations, reference included, so colours stay put when one is added).
constexpr std::array<Qt::PenStyle, 5> kDashes = {Qt::SolidLine, Qt::DashLine, Qt::DotLine, Qt::DashDotLine,
                                                 Qt::DashDotDotLine};

int slot(int index) { return std::max(0, index); }

}  // namespace

QColor configColor(int index, bool reference) {
    if (reference) return QColor(0x20, 0x20, 0x20);
    const int n = static_cast<int>(kPalette.size());
    return QColor::fromRgb(kPalette[static_cast<size_t>(slot(index) % n)]);
}

Qt::PenStyle configDash(int index, bool reference) {
    if (reference) return Qt::SolidLine;
    const int n = static_cast<int>(kPalette.size()), d = static_cast<int>(kDashes.size());
    return kDashes[static_cast<size_t>((slot(index) / n) % d)];
}

DisplayUnit displayUnit(const std::string& u) {
    if (u == "Pa") return {"bar", 1e-5};
    if (u == "m3/s") return {"L/min", 6e4};
    if (u == "m") return {"mm", 1e3};
    if (u == "m/s") return {"mm/s", 1e3};
    return {QString::fromStdString(u.empty() ? std::string("-") : u), 1.0};
}

QString formatDuration(double s) {
    if (!std::isfinite(s) || s < 0) return QStringLiteral("–");
    if (s < 1) return QString::number(s * 1e3, 'f', 0) + " ms";
    if (s < 60) return QString::number(s, 'f', s < 10 ? 2 : 1) + " s";
    const int m = static_cast<int>(s / 60);
    return QString::number(m) + " min " + QString::number(static_cast<int>(s - 60 * m)) + " s";
}

}  // namespace hs::widgets
