// SPDX-License-Identifier: GPL-3.0-or-later
#include "circuit_scene.h"

#include <QGraphicsSceneMouseEvent>
#include <QKeyEvent>
#include <QMimeData>
#include <QSet>
#include <QPainter>
#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <set>

#include "method_params_form.h"
#include "commands/add_component_command.h"
#include "clipboard_codec.h"
#include "commands/add_wire_command.h"
#include "commands/configs_command.h"
#include "commands/pose_command.h"
#include "commands/remove_component_command.h"
#include "commands/remove_wire_command.h"
#include "commands/wire_points_command.h"
#include "component_item.h"
#include "model/circuit_document.h"
#include "sim/registry.h"
#include "symbol_library.h"
#include "tools/place_tool.h"
#include "tools/select_tool.h"
#include "tools/wire_tool.h"
#include "wire_item.h"

namespace hs::widgets {

using hs::model::CircuitDocument;

CircuitScene::CircuitScene(CircuitDocument& doc, const hs::sim::Registry& reg, const SymbolLibrary& symbols,
                           QUndoStack& undo, QObject* parent)
    : QGraphicsScene(parent), doc_(doc), reg_(reg), symbols_(symbols), undo_(undo),
      selectTool_(std::make_unique<SelectTool>(*this)), wireTool_(std::make_unique<WireTool>(*this)),
      placeTool_(std::make_unique<PlaceTool>(*this)) {
    tool_ = selectTool_.get();
    setSceneRect(-4000, -4000, 8000, 8000);
    setItemIndexMethod(NoIndex);  // few, often moving items
    connect(&doc_, &CircuitDocument::reset, this, &CircuitScene::rebuild);
    connect(&doc_, &CircuitDocument::componentAdded, this, &CircuitScene::addComponentItem);
    connect(&doc_, &CircuitDocument::componentRemoved, this, &CircuitScene::removeComponentItem);
    connect(&doc_, &CircuitDocument::componentChanged, this, &CircuitScene::updateComponentItem);
    connect(&doc_, &CircuitDocument::wireAdded, this, &CircuitScene::addWireItem);
    connect(&doc_, &CircuitDocument::wireRemoved, this, &CircuitScene::removeWireItem);
    connect(&doc_, &CircuitDocument::wireChanged, this, &CircuitScene::refreshWire);
    connect(&doc_, &CircuitDocument::configsChanged, this, &CircuitScene::refreshBadges);
    rebuild();
}

CircuitScene::~CircuitScene() {
    // Tools may own temporary items: let them go before the scene deletes its items. The item
    // maps must not outlive the items, and nobody should hear about selections of a dying scene.
    wireTool_->cancel();
    blockSignals(true);
    for (WireItem* w : wires_) delete w;
    wires_.clear();
    for (ComponentItem* c : items_) delete c;
    items_.clear();
}

void CircuitScene::rebuild() {
    wireTool_->cancel();
    tool_ = selectTool_.get();
    // Out of the maps first: deleting a selected item emits selectionChanged, and its listeners
    // must not find dangling pointers here.
    const auto wires = std::exchange(wires_, {});
    const auto items = std::exchange(items_, {});
    for (WireItem* w : wires) delete w;
    for (ComponentItem* c : items) delete c;
    const auto& c = doc_.circuit();
    if (!c.config(config_)) config_ = c.reference() ? c.reference()->name : c.configs.empty() ? QString() : c.configs.front().name;
    for (const auto& comp : c.components) addComponentItem(comp.id);
    for (size_t i = 0; i < c.wires.size(); ++i) addWireItem(static_cast<int>(i));
}

void CircuitScene::addComponentItem(const QString& id) {
    const auto* doc = doc_.component(id);
    if (!doc || items_.contains(id)) return;
    auto* item = new ComponentItem(*doc, reg_.find(doc->type.toStdString()), &symbols_.symbol(doc->type));
    items_.insert(id, item);
    addItem(item);
    if (item->spec() && item->spec()->hostsPressureMethod) item->setMethod(methodOf(id));
}

void CircuitScene::removeComponentItem(const QString& id) {
    delete items_.take(id);
}

void CircuitScene::updateComponentItem(const QString& id) {
    ComponentItem* item = items_.value(id);
    const auto* doc = doc_.component(id);
    if (!item || !doc) return;
    item->update(*doc);
    refreshWiresOf(id);
}

void CircuitScene::addWireItem(int index) {
    const auto& w = doc_.circuit().wires.at(static_cast<size_t>(index));
    auto domain = hs::sim::Domain::Hydraulic;
    if (const auto* c = doc_.component(w.fromComp))
        if (const auto* spec = reg_.find(c->type.toStdString()))
            if (int p = spec->portIndex(w.fromPort.toStdString()); p >= 0) domain = spec->ports[static_cast<size_t>(p)].domain;
    auto* item = new WireItem(index, domain);
    wires_.insert(wires_.begin() + index, item);
    addItem(item);
    for (size_t i = 0; i < wires_.size(); ++i) {
        wires_[i]->setIndex(static_cast<int>(i));
        refreshWire(static_cast<int>(i));  // junction dots may appear on neighbours
    }
}

void CircuitScene::removeWireItem(int index) {
    if (index < 0 || index >= static_cast<int>(wires_.size())) return;
    WireItem* gone = wires_[static_cast<size_t>(index)];
    wires_.erase(wires_.begin() + index);
    delete gone;
    for (size_t i = 0; i < wires_.size(); ++i) {
        wires_[i]->setIndex(static_cast<int>(i));
        refreshWire(static_cast<int>(i));
    }
}

void CircuitScene::refreshWire(int index) {
    if (index < 0 || index >= static_cast<int>(wires_.size())) return;
    const auto& w = doc_.circuit().wires[static_cast<size_t>(index)];
    ComponentItem* a = items_.value(w.fromComp);
    ComponentItem* b = items_.value(w.toComp);
    if (!a || !b) return;
    // A junction dot where three or more connections meet: the port plus two or more wires.
    wires_[static_cast<size_t>(index)]->setObstacles({a->bodySceneRect(), b->bodySceneRect()});
    wires_[static_cast<size_t>(index)]->setGeometry(CircuitDocument::wireKey(w), a->portScenePos(w.fromPort),
                                                   b->portScenePos(w.toPort), w.points,
                                                   doc_.wiresAtPort(w.fromComp, w.fromPort) > 1,
                                                   doc_.wiresAtPort(w.toComp, w.toPort) > 1);
}

void CircuitScene::refreshWiresOf(const QString& id) {
    for (int i : doc_.wiresOf(id)) refreshWire(i);
}

void CircuitScene::componentMovedLive(const QString& id) {
    // While dragging, the item's position is ahead of the document: route from the live pose.
    const auto& c = doc_.circuit();
    for (int i : doc_.wiresOf(id)) {
        const auto& w = c.wires[static_cast<size_t>(i)];
        ComponentItem* a = items_.value(w.fromComp);
        ComponentItem* b = items_.value(w.toComp);
        if (!a || !b) continue;
        std::vector<QPointF> pts = w.points;
        // A wire between two moving items travels with them.
        if (a->isSelected() && b->isSelected() && a->pose() != c.component(w.fromComp)->pose) {
            const QPointF d = a->pos() - QPointF(c.component(w.fromComp)->pose.x, c.component(w.fromComp)->pose.y);
            for (auto& p : pts) p += d;
        }
        wires_[static_cast<size_t>(i)]->setObstacles({a->bodySceneRect(), b->bodySceneRect()});
        wires_[static_cast<size_t>(i)]->setGeometry(CircuitDocument::wireKey(w), a->portScenePos(w.fromPort),
                                                   b->portScenePos(w.toPort), pts,
                                                   doc_.wiresAtPort(w.fromComp, w.fromPort) > 1,
                                                   doc_.wiresAtPort(w.toComp, w.toPort) > 1);
    }
}

void CircuitScene::setCurrentConfig(const QString& name) {
    config_ = name;
    refreshBadges();
}

QString CircuitScene::methodOf(const QString& volumeId) const {
    return effectiveMethod(doc_.circuit().config(config_), volumeId);
}

void CircuitScene::refreshBadges() {
    if (!doc_.circuit().config(config_)) {
        const auto& c = doc_.circuit();
        config_ = c.reference() ? c.reference()->name : c.configs.empty() ? QString() : c.configs.front().name;
    }
    for (ComponentItem* item : items_)
        if (item->spec() && item->spec()->hostsPressureMethod) item->setMethod(methodOf(item->id()));
}

ComponentItem* CircuitScene::componentAt(const QPointF& pos) const {
    for (QGraphicsItem* it : items(pos))
        if (auto* c = qgraphicsitem_cast<ComponentItem*>(it)) return c;
    return nullptr;
}

ComponentItem* CircuitScene::portAt(const QPointF& pos, QString* port) const {
    for (ComponentItem* c : items_) {
        const QString p = c->portAt(pos);
        if (!p.isEmpty()) {
            if (port) *port = p;
            return c;
        }
    }
    return nullptr;
}

QStringList CircuitScene::selectedComponentIds() const {
    QStringList out;
    // Document order, so that copy and delete are deterministic.
    for (const auto& c : doc_.circuit().components)
        if (ComponentItem* it = items_.value(c.id); it && it->isSelected()) out << c.id;
    return out;
}

QRectF CircuitScene::contentRect() const {
    QRectF r;
    for (ComponentItem* c : items_) r |= c->sceneBoundingRect();
    for (WireItem* w : wires_) r |= w->sceneBoundingRect();
    return r;
}

void CircuitScene::setTool(Tool* tool) {
    if (tool_ && tool_ != tool) tool_->cancel();
    tool_ = tool ? tool : selectTool_.get();
}

void CircuitScene::armPlacement(const QString& type) {
    placeTool_->setType(type);
    setTool(placeTool_.get());
}

void CircuitScene::beginWire(const QString& comp, const QString& port) {
    setTool(wireTool_.get());
    wireTool_->begin(comp, port);
}

int CircuitScene::wireAt(const QPointF& pos) const {
    for (QGraphicsItem* it : items(pos))
        if (auto* w = qgraphicsitem_cast<WireItem*>(it)) return w->index();
    return -1;
}

QPointF CircuitScene::freeSpotNear(const QPointF& p, const QString& type) const {
    // The nearest spot on a 20 px lattice where the new body (with a margin for its label and
    // wires) overlaps nothing. Rightwards and along the row come first, so that components placed
    // one after another line up the way a circuit is read.
    const Symbol& s = symbols_.symbol(type);
    auto freeAt = [&](QPointF c) {
        const QRectF r = s.bounds.translated(c).adjusted(-30, -30, 30, 30);
        for (ComponentItem* it : items_)
            if (it->bodySceneRect().intersects(r)) return false;
        return true;
    };
    std::vector<std::pair<double, QPointF>> candidates;
    for (int dx = -30; dx <= 30; ++dx)
        for (int dy = -20; dy <= 20; ++dy)
            candidates.emplace_back((dx >= 0 ? dx : -3.0 * dx) + 4.0 * std::abs(dy), p + QPointF(dx * 20.0, dy * 20.0));
    std::stable_sort(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    for (const auto& [score, c] : candidates)
        if (freeAt(c)) return c;
    return p;
}

QString CircuitScene::placeComponent(const QString& type, const QPointF& at, bool findFreeSpot) {
    const auto* spec = reg_.find(type.toStdString());
    if (!spec) return {};
    const QPointF scenePos = findFreeSpot ? freeSpotNear(at, type) : at;
    QPointF pos(std::round(scenePos.x() / Symbol::kGrid) * Symbol::kGrid,
                std::round(scenePos.y() / Symbol::kGrid) * Symbol::kGrid);
    // Id prefix from the type's capitals: Volume -> V1, TurbulentOrifice -> TO1.
    QString prefix;
    for (QChar ch : type)
        if (ch.isUpper()) prefix += ch;
    hs::model::ComponentDoc comp;
    comp.type = type;
    comp.id = doc_.uniqueId(prefix.isEmpty() ? type : prefix);
    comp.pose.x = pos.x();
    comp.pose.y = pos.y();

    // A two-port hydraulic component dropped on a hydraulic wire splits it.
    std::vector<QString> hyd;
    for (const auto& p : spec->ports)
        if (p.domain == hs::sim::Domain::Hydraulic) hyd.push_back(QString::fromStdString(p.id));
    const int wi = findFreeSpot ? -1 : wireAt(scenePos);
    if (wi >= 0 && hyd.size() >= 2 && wires_[static_cast<size_t>(wi)]) {
        const auto w = doc_.circuit().wires[static_cast<size_t>(wi)];
        {
            const auto* fs = reg_.find(doc_.component(w.fromComp)->type.toStdString());
            const int fp = fs ? fs->portIndex(w.fromPort.toStdString()) : -1;
            if (fp >= 0 && fs->ports[static_cast<size_t>(fp)].domain == hs::sim::Domain::Hydraulic) {
                auto* macro = new QUndoCommand(tr("Insert %1 into wire").arg(comp.id));
                new RemoveWireCommand(&doc_, wi, macro);
                new AddComponentCommand(&doc_, comp, -1, macro);
                hs::model::WireDoc a{w.fromComp, w.fromPort, comp.id, hyd[0], {}, {}};
                hs::model::WireDoc b{comp.id, hyd[1], w.toComp, w.toPort, {}, {}};
                new AddWireCommand(&doc_, a, static_cast<int>(doc_.circuit().wires.size()) - 1, macro);
                new AddWireCommand(&doc_, b, static_cast<int>(doc_.circuit().wires.size()), macro);
                undo_.push(macro);
                return comp.id;
            }
        }
    }
    undo_.push(new AddComponentCommand(&doc_, comp));
    return comp.id;
}

bool CircuitScene::canConnect(const QString& a, const QString& pa, const QString& b, const QString& pb,
                              QString* why) const {
    auto fail = [&](const QString& m) {
        if (why) *why = m;
        return false;
    };
    const auto* ca = doc_.component(a);
    const auto* cb = doc_.component(b);
    const auto* sa = ca ? reg_.find(ca->type.toStdString()) : nullptr;
    const auto* sb = cb ? reg_.find(cb->type.toStdString()) : nullptr;
    if (!sa || !sb) return fail(tr("unknown component"));
    const int ia = sa->portIndex(pa.toStdString()), ib = sb->portIndex(pb.toStdString());
    if (ia < 0 || ib < 0) return fail(tr("unknown port"));
    const auto& A = sa->ports[static_cast<size_t>(ia)];
    const auto& B = sb->ports[static_cast<size_t>(ib)];
    if (a == b && pa == pb) return fail(tr("a port cannot be wired to itself"));
    if (A.domain != B.domain)
        return fail(tr("Cannot connect %1.%2 (%3) to %4.%5 (%6): ports of different domains")
                        .arg(a, pa, QString::fromLatin1(hs::sim::domainName(A.domain)), b, pb,
                             QString::fromLatin1(hs::sim::domainName(B.domain))));
    if (A.domain == hs::sim::Domain::Signal && A.dir == hs::sim::SignalDir::Out && B.dir == hs::sim::SignalDir::Out)
        return fail(tr("Cannot connect %1.%2 to %3.%4: two signal outputs would drive one line").arg(a, pa, b, pb));
    if (A.domain == hs::sim::Domain::Signal && A.dir == hs::sim::SignalDir::In && B.dir == hs::sim::SignalDir::In)
        return fail(tr("Cannot connect %1.%2 to %3.%4: two signal inputs and no output to drive them").arg(a, pa, b, pb));
    if (doc_.wireIndex(a, pa, b, pb) >= 0) return fail(tr("%1.%2 and %3.%4 are already connected").arg(a, pa, b, pb));
    return true;
}

bool CircuitScene::connectPorts(const QString& a, const QString& pa, const QString& b, const QString& pb, QString* why) {
    QString reason;
    if (!canConnect(a, pa, b, pb, &reason)) {
        lastRefusal_ = reason;
        if (why) *why = reason;
        emit refused(reason);
        return false;
    }
    // A signal wire is written output -> input, as the file format describes it.
    hs::model::WireDoc w{a, pa, b, pb, {}, {}};
    const auto* sb = reg_.find(doc_.component(b)->type.toStdString());
    const auto& B = sb->ports[static_cast<size_t>(sb->portIndex(pb.toStdString()))];
    if (B.domain == hs::sim::Domain::Signal && B.dir == hs::sim::SignalDir::Out) w = {b, pb, a, pa, {}, {}};
    undo_.push(new AddWireCommand(&doc_, w));
    return true;
}

void CircuitScene::commitMoves() {
    const auto& c = doc_.circuit();
    std::vector<PoseCommand::Change> poses;
    std::set<QString> moved;
    QPointF delta;
    for (const auto& comp : c.components) {
        ComponentItem* it = items_.value(comp.id);
        if (!it || it->pose() == comp.pose) continue;
        delta = it->pos() - QPointF(comp.pose.x, comp.pose.y);
        poses.push_back({comp.id, comp.pose, it->pose()});
        moved.insert(comp.id);
    }
    if (poses.empty()) return;
    std::vector<PoseCommand::WireChange> wires;
    for (size_t i = 0; i < c.wires.size(); ++i) {
        const auto& w = c.wires[i];
        if (w.points.empty() || !moved.count(w.fromComp) || !moved.count(w.toComp)) continue;
        auto after = w.points;
        for (auto& p : after) p += delta;
        wires.push_back({static_cast<int>(i), w.points, after});
    }
    undo_.push(new PoseCommand(&doc_, std::move(poses), std::move(wires),
                               moved.size() == 1 ? tr("Move %1").arg(*moved.begin()) : tr("Move %1 components").arg(moved.size())));
}

void CircuitScene::commitWirePoints(int index, const std::vector<QPointF>& points) {
    const auto& wires = doc_.circuit().wires;
    if (index < 0 || index >= static_cast<int>(wires.size())) return;
    const auto& old = wires[static_cast<size_t>(index)].points;
    if (old.size() == points.size() && std::equal(old.begin(), old.end(), points.begin(),
                                                  [](QPointF a, QPointF b) { return a.x() == b.x() && a.y() == b.y(); }))
        return refreshWire(index);
    undo_.push(new WirePointsCommand(&doc_, index, points));
}

void CircuitScene::deleteSelection() {
    const QStringList ids = selectedComponentIds();
    std::vector<int> wires;
    for (WireItem* w : wires_) {
        if (!w->isSelected()) continue;
        const auto& wd = doc_.circuit().wires[static_cast<size_t>(w->index())];
        // Wires of deleted components go with them (RemoveComponentCommand).
        if (!ids.contains(wd.fromComp) && !ids.contains(wd.toComp)) wires.push_back(w->index());
    }
    if (ids.isEmpty() && wires.empty()) return;
    auto* macro = new QUndoCommand(ids.size() == 1 && wires.empty() ? tr("Delete %1").arg(ids.front())
                                                                    : tr("Delete %1 items").arg(ids.size() + wires.size()));
    std::sort(wires.rbegin(), wires.rend());  // descending: earlier indices stay valid
    for (int i : wires) new RemoveWireCommand(&doc_, i, macro);
    for (const QString& id : ids) new RemoveComponentCommand(&doc_, id, macro);
    undo_.push(macro);
}

void CircuitScene::rotateSelection() {
    std::vector<PoseCommand::Change> poses;
    for (const QString& id : selectedComponentIds()) {
        auto before = doc_.component(id)->pose;
        auto after = before;
        after.rotation = (before.rotation + 90) % 360;
        poses.push_back({id, before, after});
    }
    if (!poses.empty()) undo_.push(new PoseCommand(&doc_, std::move(poses), {}, tr("Rotate")));
}

void CircuitScene::flipSelection() {
    std::vector<PoseCommand::Change> poses;
    for (const QString& id : selectedComponentIds()) {
        auto before = doc_.component(id)->pose;
        auto after = before;
        after.flipped = !before.flipped;
        poses.push_back({id, before, after});
    }
    if (!poses.empty()) undo_.push(new PoseCommand(&doc_, std::move(poses), {}, tr("Flip")));
}

void CircuitScene::selectAllItems() {
    for (QGraphicsItem* it : items()) it->setSelected(true);
}

void CircuitScene::drawBackground(QPainter* p, const QRectF& rect) {
    p->fillRect(rect, QColor(0xfc, 0xfc, 0xfa));
    // Minor grid = snap grid; drawn only when it is at least 5 device pixels apart.
    const double scale = p->worldTransform().m11();
    auto lines = [&](double step, const QColor& c) {
        QVector<QLineF> v;
        for (double x = std::floor(rect.left() / step) * step; x < rect.right(); x += step) v << QLineF(x, rect.top(), x, rect.bottom());
        for (double y = std::floor(rect.top() / step) * step; y < rect.bottom(); y += step) v << QLineF(rect.left(), y, rect.right(), y);
        p->setPen(QPen(c, 0));
        p->drawLines(v);
    };
    if (Symbol::kGrid * scale >= 5) lines(Symbol::kGrid, QColor(0xee, 0xee, 0xea));
    lines(5 * Symbol::kGrid, QColor(0xe0, 0xe0, 0xda));
}

// A tool that takes an event accepts it: the view then starts no rubber band, which would
// select every component a wire being drawn from a port passes over.
void CircuitScene::mousePressEvent(QGraphicsSceneMouseEvent* e) {
    if (tool_ && tool_->press(e)) {
        e->accept();
        return;
    }
    QGraphicsScene::mousePressEvent(e);
}

void CircuitScene::mouseMoveEvent(QGraphicsSceneMouseEvent* e) {
    if (tool_ && tool_->move(e)) {
        e->accept();
        return;
    }
    QGraphicsScene::mouseMoveEvent(e);
}

void CircuitScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* e) {
    Tool* t = tool_;
    if (t && t->release(e)) {
        e->accept();
        return;
    }
    QGraphicsScene::mouseReleaseEvent(e);
}

void CircuitScene::keyPressEvent(QKeyEvent* e) {
    if (tool_ && tool_->key(e)) return;
    QGraphicsScene::keyPressEvent(e);
}

}  // namespace hs::widgets

// ---- clipboard ----------------------------------------------------------------------------

namespace hs::widgets {

QMimeData* CircuitScene::copySelection() const {
    return ClipboardCodec::encode(doc_.circuit(), selectedComponentIds());
}

bool CircuitScene::paste(const QMimeData* mime, QString* error) {
    auto part = ClipboardCodec::decode(mime, reg_, error);
    if (!part || part->components.empty()) return false;
    // Pasted copies land beside the original, clear of it (a fixed 20 px put them on top of their
    // symbols), further with each paste, on the grid, under new ids where the old ones are taken.
    ++pasteCount_;
    QRectF shown;
    for (const auto& comp : part->components)
        if (ComponentItem* it = items_.value(comp.id)) shown = shown.united(it->sceneBoundingRect());
    const double step = shown.isEmpty() ? 3 * Symbol::kGrid
                                        : std::ceil((shown.width() + Symbol::kGrid) / Symbol::kGrid) * Symbol::kGrid;
    const double offX = step * pasteCount_, offY = Symbol::kGrid * pasteCount_;
    std::map<QString, QString> rename;
    QSet<QString> taken;
    for (const auto& c : doc_.circuit().components) taken.insert(c.id);
    auto* macro = new QUndoCommand(part->components.size() == 1 ? tr("Paste 1 component")
                                                                  : tr("Paste %1 components").arg(part->components.size()));
    int index = static_cast<int>(doc_.circuit().components.size());
    for (auto comp : part->components) {
        QString id = comp.id;
        if (taken.contains(id)) {
            QString stem = id;
            while (!stem.isEmpty() && stem.back().isDigit()) stem.chop(1);
            if (stem.isEmpty()) stem = QStringLiteral("C");
            for (int n = 1;; ++n)
                if (!taken.contains(stem + QString::number(n))) { id = stem + QString::number(n); break; }
        }
        taken.insert(id);
        rename[comp.id] = id;
        comp.id = id;
        comp.pose.x += offX;
        comp.pose.y += offY;
        new AddComponentCommand(&doc_, comp, index++, macro);
    }
    int wi = static_cast<int>(doc_.circuit().wires.size());
    for (auto w : part->wires) {
        w.fromComp = rename[w.fromComp];
        w.toComp = rename[w.toComp];
        for (auto& p : w.points) p += QPointF(offX, offY);
        new AddWireCommand(&doc_, w, wi++, macro);
    }
    // Methods of pasted volumes go into every configuration of this circuit.
    if (const auto* ref = part->reference(); ref && !ref->methods.empty() && !doc_.circuit().configs.empty()) {
        auto configs = doc_.circuit().configs;
        for (auto& cfg : configs)
            for (const auto& [vol, m] : ref->methods) cfg.methods[rename[vol]] = m;
        new ConfigsCommand(&doc_, configs, tr("Paste methods"), {}, macro);
    }
    undo_.push(macro);
    clearSelection();
    for (const auto& [from, to] : rename)
        if (ComponentItem* it = items_.value(to)) it->setSelected(true);
    return true;
}

}  // namespace hs::widgets
