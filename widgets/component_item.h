// SPDX-License-Identifier: GPL-3.0-or-later
// The canvas view of one component: its symbol under the pose's rotation and flip, port marks,
// the id label (never mirrored) and, on volumes, the badge of its pressure method.
#pragma once

#include <QGraphicsItem>
#include <QString>

#include "model/circuit.h"
#include "symbol.h"

namespace hs::sim {
struct ComponentSpec;
}

namespace hs::widgets {

class ComponentItem : public QGraphicsItem {
public:
    enum { Type = UserType + 1 };
    ComponentItem(const hs::model::ComponentDoc& doc, const hs::sim::ComponentSpec* spec, const Symbol* symbol);
    int type() const override { return Type; }

    const QString& id() const { return id_; }
    const hs::sim::ComponentSpec* spec() const { return spec_; }
    void update(const hs::model::ComponentDoc& doc);
    // The method badge of a volume (empty method: none).
    void setMethod(const QString& methodId);
    void setHighlightedPort(const QString& port);

    // The item's pose now (it differs from the document's while the user drags).
    hs::model::Pose pose() const;
    QTransform symbolTransform() const;
    static QTransform transformOf(int rotation, bool flipped);
    QPointF portScenePos(const QString& port) const;
    QStringList ports() const { return symbol_->portOrder; }
    // The port whose anchor is within radius of a scene point, or "".
    QString portAt(const QPointF& scenePos, double radius = 6.0) const;
    // The symbol body in scene coordinates (used for overlap and fit checks).
    QRectF bodySceneRect() const;
    QRectF labelSceneRect() const { return labelRect().translated(pos()); }

    QRectF boundingRect() const override;
    void paint(QPainter* p, const QStyleOptionGraphicsItem* opt, QWidget* w) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    QRectF labelRect() const;
    QString id_;
    const hs::sim::ComponentSpec* spec_;
    const Symbol* symbol_;
    int rotation_ = 0;
    bool flipped_ = false;
    QString method_, highlight_;
};

}  // namespace hs::widgets
