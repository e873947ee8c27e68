// SPDX-License-Identifier: GPL-3.0-or-later
// The canvas: a QGraphicsScene that observes the CircuitDocument (one ComponentItem per
// component, one WireItem per wire, created and removed on the document's signals) and turns
// gestures into undo commands. It never writes the document itself (ARCHITECTURE §5).
#pragma once

#include <QGraphicsScene>
#include <QHash>
#include <QPointer>
#include <QString>

#include <memory>
#include <vector>

class QMimeData;
class QUndoStack;

namespace hs::model {
class CircuitDocument;
}
namespace hs::sim {
class Registry;
}

namespace hs::widgets {

class ComponentItem;
class PlaceTool;
class SelectTool;
class SymbolLibrary;
class Tool;
class WireItem;
class WireTool;

class CircuitScene : public QGraphicsScene {
    Q_OBJECT
public:
    CircuitScene(hs::model::CircuitDocument& doc, const hs::sim::Registry& reg, const SymbolLibrary& symbols,
                 QUndoStack& undo, QObject* parent = nullptr);
    ~CircuitScene() override;

    hs::model::CircuitDocument& document() const { return doc_; }
    const hs::sim::Registry& registry() const { return reg_; }
    QUndoStack& undoStack() const { return undo_; }

    ComponentItem* componentItem(const QString& id) const { return items_.value(id); }
    QList<ComponentItem*> componentItems() const { return items_.values(); }
    const std::vector<WireItem*>& wireItems() const { return wires_; }
    ComponentItem* componentAt(const QPointF& scenePos) const;
    // The component with a port anchor near scenePos (port in *port).
    ComponentItem* portAt(const QPointF& scenePos, QString* port) const;
    QStringList selectedComponentIds() const;
    // The union of every component's body and label (what "zoom to fit" must show).
    QRectF contentRect() const;

    // The configuration whose methods the volume badges show.
    QString currentConfig() const { return config_; }
    void setCurrentConfig(const QString& name);
    QString methodOf(const QString& volumeId) const;

    // Tools. nullptr returns to the select tool.
    void setTool(Tool* tool);
    void armPlacement(const QString& type);
    void beginWire(const QString& comp, const QString& port);

    // Gestures -> commands. Each is one undo step; false when nothing was done (*why says why).
    // findFreeSpot: the nearest place where it overlaps nothing (double-click in the library).
    QString placeComponent(const QString& type, const QPointF& scenePos, bool findFreeSpot = false);
    bool canConnect(const QString& a, const QString& pa, const QString& b, const QString& pb, QString* why) const;
    bool connectPorts(const QString& a, const QString& pa, const QString& b, const QString& pb, QString* why);
    void commitMoves();
    void commitWirePoints(int index, const std::vector<QPointF>& points);
    void deleteSelection();
    void rotateSelection();
    void flipSelection();
    void selectAllItems();
    QMimeData* copySelection() const;
    bool paste(const QMimeData* mime, QString* error);
    // The last connection the scene refused and why (for status bars and tests).
    QString lastRefusal() const { return lastRefusal_; }

    // ComponentItem calls this while it is dragged, so that its wires follow.
    void componentMovedLive(const QString& id);

signals:
    void componentActivated(const QString& componentId);
    void wireHovered(const QString& wireId);
    void refused(const QString& why);

protected:
    void drawBackground(QPainter* p, const QRectF& rect) override;
    void mousePressEvent(QGraphicsSceneMouseEvent* e) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* e) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* e) override;
    void keyPressEvent(QKeyEvent* e) override;

private:
    void rebuild();
    void addComponentItem(const QString& id);
    void removeComponentItem(const QString& id);
    void updateComponentItem(const QString& id);
    void addWireItem(int index);
    void removeWireItem(int index);
    void refreshWire(int index);
    void refreshWiresOf(const QString& id);
    void refreshBadges();
    QPointF freeSpotNear(const QPointF& p, const QString& type) const;
    int wireAt(const QPointF& scenePos) const;

    hs::model::CircuitDocument& doc_;
    const hs::sim::Registry& reg_;
    const SymbolLibrary& symbols_;
    QUndoStack& undo_;
    QHash<QString, ComponentItem*> items_;
    std::vector<WireItem*> wires_;
    QString config_, lastRefusal_;
    std::unique_ptr<SelectTool> selectTool_;
    std::unique_ptr<WireTool> wireTool_;
    std::unique_ptr<PlaceTool> placeTool_;
    Tool* tool_ = nullptr;
    int pasteCount_ = 0;
};

}  // namespace hs::widgets
