#include "wire_item.h"

#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QPainterPathStroker>

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

std::vector<QPointF> WireItem::route(QPointF from, const std::vector<QPointF>& points, QPointF to) {
    std::vector<QPointF> pts{from};
    pts.insert(pts.end(), points.begin(), points.end());
    pts.push_back(to);
    std::vector<QPointF> out{pts.front()};
    for (size_t i = 1; i < pts.size(); ++i) {
        const QPointF a = out.back(), b = pts[i];
        if (a.x() != b.x() && a.y() != b.y()) out.emplace_back(b.x(), a.y());
        out.push_back(b);
    }
    return out;
}

std::vector<QPointF> WireItem::route() const { return route(from_, points_, to_); }

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
        const auto seg = route(pts[i], {}, pts[i + 1]);
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
