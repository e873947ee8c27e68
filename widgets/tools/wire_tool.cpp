// SPDX-License-Identifier: GPL-3.0-or-later
#include "wire_tool.h"

#include <QGraphicsPathItem>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>
#include <QKeyEvent>
#include <QPen>
#include <QToolTip>

#include "../circuit_scene.h"
#include "../component_item.h"
#include "../wire_item.h"

namespace hs::widgets {

WireTool::~WireTool() { cancel(); }

void WireTool::begin(const QString& comp, const QString& port) {
    cancel();
    comp_ = comp;
    port_ = port;
    rubber_ = new QGraphicsPathItem;
    rubber_->setPen(QPen(QColor(0x30, 0x80, 0xe0), 1.5, Qt::DashLine));
    rubber_->setZValue(5);
    scene_.addItem(rubber_);
}

bool WireTool::press(QGraphicsSceneMouseEvent*) { return rubber_ != nullptr; }

bool WireTool::move(QGraphicsSceneMouseEvent* e) {
    if (!rubber_) return false;
    ComponentItem* from = scene_.componentItem(comp_);
    if (!from) return true;
    QString port;
    ComponentItem* over = scene_.portAt(e->scenePos(), &port);
    const QPointF end = over ? over->portScenePos(port) : e->scenePos();
    const auto pts = WireItem::route(from->portScenePos(port_), {}, end);
    QPainterPath path(pts.front());
    for (size_t i = 1; i < pts.size(); ++i) path.lineTo(pts[i]);
    rubber_->setPath(path);
    if (auto* prev = scene_.componentItem(hoverComp_)) prev->setHighlightedPort({});
    hoverComp_.clear();
    if (over) {
        QString why;
        if (scene_.canConnect(comp_, port_, over->id(), port, &why)) {
            over->setHighlightedPort(port);
            hoverComp_ = over->id();
        } else if (e->widget()) {
            QToolTip::showText(e->screenPos(), why, e->widget());
        }
    }
    return true;
}

bool WireTool::release(QGraphicsSceneMouseEvent* e) {
    if (!rubber_) return false;
    QString port;
    ComponentItem* over = scene_.portAt(e->scenePos(), &port);
    const QString comp = comp_, fromPort = port_;
    cancel();
    if (over && !(over->id() == comp && port == fromPort)) {
        QString why;
        if (!scene_.connectPorts(comp, fromPort, over->id(), port, &why) && e->widget())
            QToolTip::showText(e->screenPos(), why, e->widget());
    }
    scene_.setTool(nullptr);
    return true;
}

bool WireTool::key(QKeyEvent* e) {
    if (e->key() != Qt::Key_Escape || !rubber_) return false;
    cancel();
    scene_.setTool(nullptr);
    return true;
}

void WireTool::cancel() {
    if (auto* prev = scene_.componentItem(hoverComp_)) prev->setHighlightedPort({});
    hoverComp_.clear();
    delete rubber_;
    rubber_ = nullptr;
}

}  // namespace hs::widgets
