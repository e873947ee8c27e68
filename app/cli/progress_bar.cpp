// SPDX-License-Identifier: GPL-3.0-or-later
#include "progress_bar.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace hs::cli {

QString clockText(double s) {
    if (s < 0 || !std::isfinite(s)) return "?";
    const long t = std::lround(s);
    const long h = t / 3600, m = (t / 60) % 60, sec = t % 60;
    const QString mmss = QString("%1:%2").arg(h ? QString("%1").arg(m, 2, 10, QChar('0')) : QString::number(m))
                             .arg(sec, 2, 10, QChar('0'));
    return h ? QString::number(h) + ":" + mmss : mmss;
}

void ProgressBar::show(const study::StudyProgress& p) {
    if (!enabled_ || p.total <= 0) return;
    const int width = 30;
    const double share = std::clamp(p.completed / p.total, 0.0, 1.0);
    const int filled = static_cast<int>(share * width);
    const QString bar = QString(filled, '#') + QString(width - filled, '.');
    const QString line = QString("[%1] %2/%3 %4 %5%  elapsed %6  ETA %7")
                             .arg(bar)
                             .arg(p.done)
                             .arg(p.total)
                             .arg(what_)
                             .arg(std::floor(share * 100.0), 3)
                             .arg(clockText(p.elapsed), clockText(p.eta));
    std::fprintf(stderr, "\r%-90s", line.toUtf8().constData());
    std::fflush(stderr);
}

void ProgressBar::clear() {
    if (!enabled_) return;
    std::fprintf(stderr, "\r%90s\r", "");
    std::fflush(stderr);
}

}  // namespace hs::cli
