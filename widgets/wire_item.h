// SPDX-License-Identifier: GPL-3.0-or-later
// The canvas view of one wire: port to port through the bend points, routed orthogonally
// (horizontal first between points that are not aligned). Selected, it shows handles on its bend
// points; dragging a handle moves that bend, dragging elsewhere on a segment adds one. The
// document changes once, on release, through the scene's command.
#pragma once

#include <QGraphicsItem>
#include <QPainterPath>

#include <vector>

#include "sim/spec.h"

namespace hs::widgets {

class WireItem : public QGraphicsItem {
public:
    enum { Type = UserType + 2 };
    WireItem(int index, hs::sim::Domain domain);
    int type() const override { return Type; }

    int index() const { return index_; }
    void setIndex(int i) { index_ = i; }
    QString key() const { return key_; }
    // Ends (scene), bend points, junction dots at either end.
    void setGeometry(const QString& key, QPointF from, QPointF to, std::vector<QPointF> points, bool dotFrom, bool dotTo);
    const std::vector<QPointF>& points() const { return points_; }
    // Junction dots drawn at the from / to end.
    bool junctionAtFrom() const { return dotFrom_; }
    bool junctionAtTo() const { return dotTo_; }
    // The bodies of the components at its ends (scene): the router's corners avoid them.
    void setObstacles(std::vector<QRectF> bodies) { obstacles_ = std::move(bodies); }
    // The routed polyline: ends, bends and the corners the router adds. Between two points off
    // one line it turns once: horizontal first, unless that leg would cross an obstacle and the
    // vertical-first one does not (a port on a rotated symbol's top or bottom edge).
    std::vector<QPointF> route() const;
    static std::vector<QPointF> route(QPointF from, const std::vector<QPointF>& points, QPointF to,
                                      const std::vector<QRectF>& obstacles = {});

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget* w) override;

protected:
    void hoverEnterEvent(QGraphicsSceneHoverEvent* e) override;
    void hoverLeaveEvent(QGraphicsSceneHoverEvent* e) override;
    void mousePressEvent(QGraphicsSceneMouseEvent* e) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* e) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* e) override;

private:
    void rebuild();
    std::vector<QRectF> obstacles_;
    int index_;
    hs::sim::Domain domain_;
    QString key_;
    QPointF from_, to_;
    std::vector<QPointF> points_;
    bool dotFrom_ = false, dotTo_ = false, hover_ = false;
    int dragging_ = -1;  // bend point being dragged
    QPainterPath path_;
};

}  // namespace hs::widgets
