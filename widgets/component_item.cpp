// SPDX-License-Identifier: GPL-3.0-or-later
#include "component_item.h"

#include <QFontMetricsF>
#include <QGraphicsScene>
#include <QPainter>
#include <QStyleOptionGraphicsItem>

#include <cmath>

#include "circuit_scene.h"
#include "method_style.h"
#include "sim/spec.h"

namespace hs::widgets {

namespace {

QColor domainColor(hs::sim::Domain d) {
    switch (d) {
        case hs::sim::Domain::Hydraulic: return QColor(0x1f, 0x4e, 0x9c);
        case hs::sim::Domain::Mechanical: return QColor(0x2f, 0x7d, 0x32);
        case hs::sim::Domain::Signal: return QColor(0xc0, 0x6a, 0x00);
        case hs::sim::Domain::Rotational: return QColor(0x7b, 0x1f, 0xa2);
    }
    return Qt::black;
}

QFont labelFont() {
    QFont f;
    f.setPixelSize(11);
    return f;
}

}  // namespace

ComponentItem::ComponentItem(const hs::model::ComponentDoc& doc, const hs::sim::ComponentSpec* spec,
                             const Symbol* symbol)
    : id_(doc.id), spec_(spec), symbol_(symbol) {
    setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges);
    setAcceptHoverEvents(true);
    setZValue(1);
    update(doc);
}

void ComponentItem::update(const hs::model::ComponentDoc& doc) {
    prepareGeometryChange();
    id_ = doc.id;
    rotation_ = doc.pose.rotation;
    flipped_ = doc.pose.flipped;
    setPos(doc.pose.x, doc.pose.y);
    QString tip = id_;
    if (spec_) tip += " (" + QString::fromStdString(spec_->title) + ")\n" + QString::fromStdString(spec_->description);
    setToolTip(tip);
    QGraphicsItem::update();
}

void ComponentItem::setMethod(const QString& methodId) {
    if (methodId == method_) return;
    prepareGeometryChange();
    method_ = methodId;
    QGraphicsItem::update();
}

void ComponentItem::setHighlightedPort(const QString& port) {
    if (port == highlight_) return;
    highlight_ = port;
    QGraphicsItem::update();
}

hs::model::Pose ComponentItem::pose() const { return {pos().x(), pos().y(), rotation_, flipped_}; }

QTransform ComponentItem::transformOf(int rotation, bool flipped) {
    QTransform t;
    t.rotate(rotation);
    if (flipped) t.scale(-1, 1);
    return t;
}

QTransform ComponentItem::symbolTransform() const { return transformOf(rotation_, flipped_); }

QPointF ComponentItem::portScenePos(const QString& port) const {
    const QPointF local = symbol_->ports.value(port);
    const QPointF m = symbolTransform().map(local);
    // Rounded: rotation by 90 degrees leaves -0.0000001 residues that would show in files.
    return pos() + QPointF(std::round(m.x() * 1e6) / 1e6, std::round(m.y() * 1e6) / 1e6);
}

QString ComponentItem::portAt(const QPointF& scenePos, double radius) const {
    QString best;
    double bestD = radius * radius;
    for (const QString& p : symbol_->portOrder) {
        const QPointF d = portScenePos(p) - scenePos;
        const double dd = d.x() * d.x() + d.y() * d.y();
        if (dd <= bestD) { bestD = dd; best = p; }
    }
    return best;
}

QRectF ComponentItem::bodySceneRect() const { return symbolTransform().mapRect(symbol_->bounds).translated(pos()); }

QRectF ComponentItem::labelRect() const {
    const QRectF body = symbolTransform().mapRect(symbol_->bounds);
    const QFontMetricsF fm(labelFont());
    const double w = fm.horizontalAdvance(id_) + 4;
    QRectF r(body.center().x() - w / 2, body.bottom() + 2, w, fm.height());
    // A wire leaves a port on the bottom edge straight down: keep the name beside it, not on it.
    double right = -1e9;
    for (const QString& port : symbol_->portOrder) {
        const QPointF p = symbolTransform().map(symbol_->ports.value(port));
        if (std::abs(p.y() - body.bottom()) < 0.5 && p.x() > r.left() - 4 && p.x() < r.right() + 4) right = std::max(right, p.x());
    }
    if (right > -1e9) r.moveLeft(right + 5);
    return r;
}

QRectF ComponentItem::boundingRect() const {
    QRectF r = symbolTransform().mapRect(symbol_->bounds).adjusted(-5, -5, 5, 5);
    r |= labelRect();
    if (!method_.isEmpty()) r |= QRectF(r.right() - 20, r.top() - 16, 40, 16);
    return r;
}

void ComponentItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget*) {
    const QTransform t = symbolTransform();
    p->save();
    p->setTransform(t, true);
    symbol_->paint(p);
    for (const QString& port : symbol_->portOrder) {
        const QPointF c = symbol_->ports.value(port);
        const auto* ps = spec_ ? &spec_->ports[static_cast<size_t>(spec_->portIndex(port.toStdString()))] : nullptr;
        const QColor col = ps ? domainColor(ps->domain) : Qt::black;
        p->setPen(QPen(col, 1));
        p->setBrush(port == highlight_ ? QBrush(col) : QBrush(Qt::white));
        const double r = port == highlight_ ? 4.5 : 2.5;
        p->drawEllipse(c, r, r);
    }
    p->restore();

    const QRectF body = t.mapRect(symbol_->bounds);
    if (isSelected()) {
        p->setPen(QPen(QColor(0x30, 0x80, 0xe0), 1, Qt::DashLine));
        p->setBrush(Qt::NoBrush);
        p->drawRect(body.adjusted(-3, -3, 3, 3));
    }
    p->setFont(labelFont());
    p->setPen(QColor(0x20, 0x20, 0x20));
    p->drawText(labelRect(), Qt::AlignCenter, id_);

    if (!method_.isEmpty()) {
        const MethodStyle st = MethodStyle::of(method_);
        QFont f = labelFont();
        f.setPixelSize(9);
        f.setBold(true);
        const QFontMetricsF fm(f);
        const double w = fm.horizontalAdvance(st.badge) + 8;
        const QRectF badge(body.right() - w / 2, body.top() - 12, w, 13);
        p->setPen(Qt::NoPen);
        p->setBrush(st.color);
        p->drawRoundedRect(badge, 4, 4);
        p->setPen(Qt::white);
        p->setFont(f);
        p->drawText(badge, Qt::AlignCenter, st.badge);
    }
}

QVariant ComponentItem::itemChange(GraphicsItemChange change, const QVariant& value) {
    if (change == ItemPositionChange) {
        // Snap while dragging: the pose the command will write is always on the grid.
        const QPointF p = value.toPointF();
        return QPointF(std::round(p.x() / Symbol::kGrid) * Symbol::kGrid, std::round(p.y() / Symbol::kGrid) * Symbol::kGrid);
    }
    if (change == ItemPositionHasChanged && scene()) {
        // The scene re-routes the wires of this component from the live position.
        if (auto* s = dynamic_cast<CircuitScene*>(scene())) s->componentMovedLive(id_);
    }
    return QGraphicsItem::itemChange(change, value);
}

}  // namespace hs::widgets
