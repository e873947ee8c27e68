// SPDX-License-Identifier: GPL-3.0-or-later
#include "wire_item.h"

#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QPainterPathStroker>

#include <algorithm>
#include <cmath>

#include "circuit_scene.h"
#include "symbol.h"

namespace hs::widgets {

namespace {

QPointF snapped(QPointF p) {
    return {std::round(p.x() / Symbol::kGrid) * Symbol::kGrid, std::round(p.y() / Symbol::kGrid) * Symbol::kGrid};
}

double dist2(QPointF a, QPointF b) { return (a.x() - b.x()) * (a.x() - b.x()) + (a.y() - b.y()) * (a.y() - b.y()); }

// Distance of p to the segment ab, squared.
double segDist2(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double l = ab.x() * ab.x() + ab.y() * ab.y();
    double t = l > 0 ? ((p - a).x() * ab.x() + (p - a).y() * ab.y()) / l : 0;
    t = std::clamp(t, 0.0, 1.0);
    return dist2(p, a + t * ab);
}

}  // namespace

WireItem::WireItem(int index, hs::sim::Domain domain) : index_(index), domain_(domain) {
    setFlags(ItemIsSelectable);
    setAcceptHoverEvents(true);
    setZValue(0);
}

void WireItem::setGeometry(const QString& key, QPointF from, QPointF to, std::vector<QPointF> points, bool dotFrom,
                           bool dotTo) {
    prepareGeometryChange();
    key_ = key;
    from_ = from;
    to_ = to;
    points_ = std::move(points);
    dotFrom_ = dotFrom;
    dotTo_ = dotTo;
    setToolTip(key_);
    rebuild();
}

std::vector<QPointF> WireItem::route(QPointF from, const std::vector<QPointF>& points, QPointF to,
                                     const std::vector<QRectF>& obstacles) {
    std::vector<QPointF> pts{from};
    pts.insert(pts.end(), points.begin(), points.end());
    pts.push_back(to);
    // A leg crosses a body if it enters its inside (running along its outline is fine: ports sit there).
    auto crosses = [&](QPointF a, QPointF b) {
        const QRectF seg = QRectF(a, b).normalized().adjusted(-0.01, -0.01, 0.01, 0.01);
        for (const QRectF& body : obstacles)
            if (body.adjusted(1, 1, -1, -1).intersects(seg)) return true;
        return false;
    };
    // The way out of a port: away from the side of the body it sits on (none if it is on no body).
    auto outward = [&](QPointF p) -> QPointF {
        for (const QRectF& body : obstacles) {
            if (!body.adjusted(-12, -12, 12, 12).contains(p)) continue;
            const double l = std::abs(p.x() - body.left()), r = std::abs(p.x() - body.right());
            const double t = std::abs(p.y() - body.top()), d = std::abs(p.y() - body.bottom());
            const double m = std::min({l, r, t, d});
            if (m == l) return {-1, 0};
            if (m == r) return {1, 0};
            if (m == t) return {0, -1};
            return {0, 1};
        }
        return {0, 0};
    };
    // One turn between a and b, on the side that crosses no body if there is one.
    auto corner = [&](QPointF a, QPointF b, bool* clear) {
        const QPointF horizontalFirst(b.x(), a.y()), verticalFirst(a.x(), b.y());
        const bool hBad = crosses(a, horizontalFirst) || crosses(horizontalFirst, b);
        const bool vBad = crosses(a, verticalFirst) || crosses(verticalFirst, b);
        if (clear) *clear = !hBad || !vBad;
        return hBad && !vBad ? verticalFirst : horizontalFirst;
    };
    std::vector<QPointF> out{pts.front()};
    for (size_t i = 1; i < pts.size(); ++i) {
        const QPointF a = out.back(), b = pts[i];
        if (a.x() != b.x() && a.y() != b.y()) {
            bool clear = true;
            const QPointF c = corner(a, b, &clear);
            // Neither turn is clear next to a port: leave the port straight out by two grid steps
            // (and enter the other one the same way), then turn.
            const QPointF da = i == 1 ? outward(a) : QPointF(), db = i + 1 == pts.size() ? outward(b) : QPointF();
            if (!clear && (!da.isNull() || !db.isNull())) {
                const QPointF a2 = a + 2 * Symbol::kGrid * da, b2 = b + 2 * Symbol::kGrid * db;
                if (a2 != a) out.push_back(a2);
                if (a2.x() != b2.x() && a2.y() != b2.y()) {
                    bool clear2 = true;
                    const QPointF c2 = corner(a2, b2, &clear2);
                    // Still blocked: two turns, halfway across (in x, else in y) on the grid.
                    const double mx = std::round((a2.x() + b2.x()) / 2 / Symbol::kGrid) * Symbol::kGrid;
                    const double my = std::round((a2.y() + b2.y()) / 2 / Symbol::kGrid) * Symbol::kGrid;
                    const QPointF zx1(mx, a2.y()), zx2(mx, b2.y()), zy1(a2.x(), my), zy2(b2.x(), my);
                    if (!clear2 && !crosses(a2, zx1) && !crosses(zx1, zx2) && !crosses(zx2, b2)) {
                        out.push_back(zx1);
                        out.push_back(zx2);
                    } else if (!clear2 && !crosses(a2, zy1) && !crosses(zy1, zy2) && !crosses(zy2, b2)) {
                        out.push_back(zy1);
                        out.push_back(zy2);
                    } else {
                        out.push_back(c2);
                    }
                }
                if (b2 != b) out.push_back(b2);
            } else {
                out.push_back(c);
            }
        }
        out.push_back(b);
    }
    return out;
}

std::vector<QPointF> WireItem::route() const { return route(from_, points_, to_, obstacles_); }

void WireItem::rebuild() {
    const auto r = route();
    path_ = QPainterPath(r.front());
    for (size_t i = 1; i < r.size(); ++i) path_.lineTo(r[i]);
    update();
}

QRectF WireItem::boundingRect() const { return path_.boundingRect().adjusted(-6, -6, 6, 6); }

QPainterPath WireItem::shape() const {
    QPainterPathStroker s;
    s.setWidth(8);
    return s.createStroke(path_);
}

void WireItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) {
    QColor c = domain_ == hs::sim::Domain::Hydraulic    ? QColor(0x1f, 0x4e, 0x9c)
               : domain_ == hs::sim::Domain::Mechanical ? QColor(0x2f, 0x7d, 0x32)
               : domain_ == hs::sim::Domain::Rotational ? QColor(0x7b, 0x1f, 0xa2)
                                                        : QColor(0xc0, 0x6a, 0x00);
    if (isSelected()) {
        // A wide amber halo under the wire: the selection must stand out from a blue hydraulic
        // line (a slightly lighter blue did not).
        QPen halo(QColor(255, 160, 0, 170), 8, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin);
        p->setPen(halo);
        p->setBrush(Qt::NoBrush);
        p->drawPath(path_);
    }
    QPen pen(c, hover_ || isSelected() ? 2.4 : 1.6);
    // ISO 1219: pilot and signal lines are dashed.
    if (domain_ == hs::sim::Domain::Signal) pen.setStyle(Qt::DashLine);
    // A shaft: purple and heavier than a translational link, so the two cannot be mistaken.
    if (domain_ == hs::sim::Domain::Rotational) pen.setWidthF(pen.widthF() + 1.2);
    p->setPen(pen);
    p->setBrush(Qt::NoBrush);
    p->drawPath(path_);
    p->setPen(Qt::NoPen);
    p->setBrush(c);
    if (dotFrom_) p->drawEllipse(from_, 3.5, 3.5);
    if (dotTo_) p->drawEllipse(to_, 3.5, 3.5);
    if (isSelected()) {
        p->setPen(QPen(c, 1));
        p->setBrush(Qt::white);
        for (const QPointF& b : points_) p->drawRect(QRectF(b.x() - 3, b.y() - 3, 6, 6));
    }
}

void WireItem::hoverEnterEvent(QGraphicsSceneHoverEvent* e) {
    hover_ = true;
    update();
    if (auto* s = dynamic_cast<CircuitScene*>(scene())) emit s->wireHovered(key_);
    QGraphicsItem::hoverEnterEvent(e);
}

void WireItem::hoverLeaveEvent(QGraphicsSceneHoverEvent* e) {
    hover_ = false;
    update();
    QGraphicsItem::hoverLeaveEvent(e);
}

void WireItem::mousePressEvent(QGraphicsSceneMouseEvent* e) {
    QGraphicsItem::mousePressEvent(e);
    dragging_ = -1;
    if (e->button() != Qt::LeftButton || !isSelected()) return;
    for (size_t i = 0; i < points_.size(); ++i)
        if (dist2(points_[i], e->scenePos()) <= 36) dragging_ = static_cast<int>(i);
    if (dragging_ >= 0 || (e->modifiers() & Qt::ControlModifier)) return;
    // A press on a segment of a selected wire starts a new bend there: find the segment of the
    // user's polyline (ends and bends, not the router's corners) it lies on.
    std::vector<QPointF> pts{from_};
    pts.insert(pts.end(), points_.begin(), points_.end());
    pts.push_back(to_);
    int best = -1;
    double bestD = 1e18;
    for (size_t i = 0; i + 1 < pts.size(); ++i) {
        const auto seg = route(pts[i], {}, pts[i + 1], obstacles_);
        for (size_t k = 0; k + 1 < seg.size(); ++k) {
            const double d = segDist2(e->scenePos(), seg[k], seg[k + 1]);
            if (d < bestD) { bestD = d; best = static_cast<int>(i); }
        }
    }
    if (best < 0 || bestD > 64) return;
    points_.insert(points_.begin() + best, snapped(e->scenePos()));
    dragging_ = best;
    rebuild();
}

void WireItem::mouseMoveEvent(QGraphicsSceneMouseEvent* e) {
    if (dragging_ < 0) return;
    prepareGeometryChange();
    points_[static_cast<size_t>(dragging_)] = snapped(e->scenePos());
    rebuild();
}

void WireItem::mouseReleaseEvent(QGraphicsSceneMouseEvent* e) {
    QGraphicsItem::mouseReleaseEvent(e);
    if (dragging_ < 0) return;
    dragging_ = -1;
    // Bends that fall on a neighbour, or on the straight line through both neighbours, add
    // nothing: drop them so that a drag back to the line cleans the wire up.
    std::vector<QPointF> clean;
    for (size_t i = 0; i < points_.size(); ++i) {
        const QPointF prev = clean.empty() ? from_ : clean.back();
        const QPointF next = i + 1 < points_.size() ? points_[i + 1] : to_;
        const QPointF b = points_[i];
        const bool collinear = (prev.x() == b.x() && b.x() == next.x()) || (prev.y() == b.y() && b.y() == next.y());
        if (b == prev || collinear) continue;
        clean.push_back(b);
    }
    if (auto* s = dynamic_cast<CircuitScene*>(scene())) s->commitWirePoints(index_, clean);
}

}  // namespace hs::widgets
