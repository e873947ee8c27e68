// SPDX-License-Identifier: GPL-3.0-or-later
#include "delta_cursors.h"

namespace hs::widgets {

// Near-black and dashed, as in LTspice: no configuration's colour (run_style.cpp) is taken, and
// the mouse's own cursor stays dotted grey. A and B tell apart by their labels.
QColor deltaCursorColour(DeltaCursors::Which) { return QColor(45, 45, 45); }

DeltaCursors::DeltaCursors(QCustomPlot* plot, QCPLayer* layer) : plot_(plot), layer_(layer) {}

void DeltaCursors::setEnabled(bool on, const QCPRange& visible) {
    enabled_ = on;
    if (on && !placed_) {
        t_[A] = visible.lower + 0.25 * visible.size();
        t_[B] = visible.lower + 0.75 * visible.size();
        placed_ = true;
    }
    place();
}

void DeltaCursors::setTime(Which w, double t) {
    t_[w] = t;
    placed_ = true;
    place();
}

void DeltaCursors::attach(const std::vector<QCPAxisRect*>& rects) {
    for (auto& v : lines_) v.clear();
    labels_ = {nullptr, nullptr};
    for (int w : {A, B}) {
        const QPen pen(deltaCursorColour(static_cast<Which>(w)), 1.0, Qt::DashLine);
        for (QCPAxisRect* r : rects) {
            auto* line = new QCPItemStraightLine(plot_);
            line->setLayer(layer_);
            line->setClipAxisRect(r);
            for (auto* p : {line->point1, line->point2}) p->setAxes(r->axis(QCPAxis::atBottom), r->axis(QCPAxis::atLeft));
            line->setPen(pen);
            line->setSelectable(false);
            lines_[w].push_back(line);
        }
        if (rects.empty()) continue;
        auto* label = new QCPItemText(plot_);
        label->setLayer(layer_);
        label->setClipAxisRect(rects.front());
        label->setClipToAxisRect(true);
        label->position->setTypeX(QCPItemPosition::ptPlotCoords);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->position->setAxes(rects.front()->axis(QCPAxis::atBottom), rects.front()->axis(QCPAxis::atLeft));
        label->position->setAxisRect(rects.front());
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setText(w == A ? QStringLiteral("A") : QStringLiteral("B"));
        QFont f = label->font();
        f.setBold(true);
        f.setPointSizeF(8);
        label->setFont(f);
        label->setColor(Qt::white);
        label->setBrush(deltaCursorColour(static_cast<Which>(w)));
        label->setPadding(QMargins(3, 0, 3, 0));
        label->setSelectable(false);
        labels_[w] = label;
    }
    place();
}

void DeltaCursors::place() {
    for (int w : {A, B}) {
        for (QCPItemStraightLine* line : lines_[w]) {
            line->point1->setCoords(t_[w], 0);
            line->point2->setCoords(t_[w], 1);
            line->setVisible(enabled_);
        }
        if (labels_[w]) {
            labels_[w]->position->setCoords(t_[w], 0);
            labels_[w]->setVisible(enabled_);
        }
    }
}

int DeltaCursors::hit(const QCPAxisRect* rect, double x, double pixels) const {
    if (!enabled_ || !rect) return -1;
    int best = -1;
    double bestDistance = pixels;
    for (int w : {A, B}) {
        const double d = std::abs(rect->axis(QCPAxis::atBottom)->coordToPixel(t_[w]) - x);
        if (d <= bestDistance) {
            best = w;
            bestDistance = d;
        }
    }
    return best;
}

}  // namespace hs::widgets
