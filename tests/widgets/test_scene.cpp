// SPDX-License-Identifier: GPL-3.0-or-later
// Scene-model consistency: the canvas holds exactly one item per component and per wire, at the
// document's poses and port positions, through adds, removes, moves, undo and redo.
#include <QtTest>
#include <QUndoStack>

#include "circuit_scene.h"
#include "commands/add_component_command.h"
#include "commands/pose_command.h"
#include "commands/remove_component_command.h"
#include "commands/remove_wire_command.h"
#include "component_item.h"
#include "symbol_library.h"
#include "widgets_test_util.h"
#include "wire_item.h"

using namespace hs::widgets;
using hs::model::CircuitDocument;

class TestScene : public QObject {
    Q_OBJECT

    static void checkConsistent(const CircuitDocument& doc, const CircuitScene& scene) {
        const auto& c = doc.circuit();
        int componentItems = 0, wireItems = 0;
        for (QGraphicsItem* it : scene.items()) {
            componentItems += qgraphicsitem_cast<ComponentItem*>(it) != nullptr;
            wireItems += qgraphicsitem_cast<WireItem*>(it) != nullptr;
        }
        QCOMPARE(componentItems, static_cast<int>(c.components.size()));
        QCOMPARE(wireItems, static_cast<int>(c.wires.size()));
        for (const auto& comp : c.components) {
            ComponentItem* item = scene.componentItem(comp.id);
            QVERIFY2(item, qPrintable(comp.id));
            QCOMPARE(item->pose(), comp.pose);
        }
        for (size_t i = 0; i < c.wires.size(); ++i) {
            const WireItem* w = scene.wireItems()[i];
            QCOMPARE(w->index(), static_cast<int>(i));
            QCOMPARE(w->key(), CircuitDocument::wireKey(c.wires[i]));
            const auto r = w->route();
            QCOMPARE(r.front(), scene.componentItem(c.wires[i].fromComp)->portScenePos(c.wires[i].fromPort));
            QCOMPARE(r.back(), scene.componentItem(c.wires[i].toComp)->portScenePos(c.wires[i].toPort));
            // Orthogonal routing: every segment horizontal or vertical.
            for (size_t k = 1; k < r.size(); ++k) QVERIFY(r[k].x() == r[k - 1].x() || r[k].y() == r[k - 1].y());
        }
    }

private slots:
    void followsCommands() {
        CircuitDocument doc;
        SymbolLibrary symbols(test::registry());
        QUndoStack undo;
        CircuitScene scene(doc, test::registry(), symbols, undo);
        doc.setCircuit(test::loadExample("circuit1_fcv.hydro.json"));
        checkConsistent(doc, scene);
        undo.push(new AddComponentCommand(&doc, {"X1", "Spring", {100, 700, 0, false}, {}, {}, {}}));
        checkConsistent(doc, scene);
        undo.push(new RemoveComponentCommand(&doc, "V2"));  // four wires go with it
        checkConsistent(doc, scene);
        undo.push(new RemoveWireCommand(&doc, 0));
        checkConsistent(doc, scene);
        const auto p = doc.component("throttle")->pose;
        undo.push(new PoseCommand(&doc, {{"throttle", p, {p.x + 60, p.y - 30, 270, true}}}, {}, "Move"));
        checkConsistent(doc, scene);
        while (undo.canUndo()) {
            undo.undo();
            checkConsistent(doc, scene);
        }
        while (undo.canRedo()) {
            undo.redo();
            checkConsistent(doc, scene);
        }
    }
    void dragCommitsOneMove() {
        CircuitDocument doc;
        SymbolLibrary symbols(test::registry());
        QUndoStack undo;
        CircuitScene scene(doc, test::registry(), symbols, undo);
        doc.setCircuit(test::loadExample("three_orifice.hydro.json"));
        // What a drag does to the items; the document changes only on release.
        scene.componentItem("O2")->setSelected(true);
        scene.componentItem("V2")->setSelected(true);
        scene.componentItem("O2")->setPos(scene.componentItem("O2")->pos() + QPointF(33, 47));  // snaps to 30, 50
        scene.componentItem("V2")->setPos(scene.componentItem("V2")->pos() + QPointF(30, 50));
        QCOMPARE(doc.component("O2")->pose.x, 560.0);
        scene.commitMoves();
        QCOMPARE(undo.count(), 1);
        QCOMPARE(doc.component("O2")->pose.x, 590.0);
        QCOMPARE(doc.component("O2")->pose.y, 250.0);
        checkConsistent(doc, scene);
        undo.undo();
        QCOMPARE(doc.component("O2")->pose.x, 560.0);
        checkConsistent(doc, scene);
    }
    void wrongDomainRefused() {
        CircuitDocument doc;
        SymbolLibrary symbols(test::registry());
        QUndoStack undo;
        CircuitScene scene(doc, test::registry(), symbols, undo);
        doc.setCircuit(test::loadExample("circuit2_pcv.hydro.json"));
        QString why;
        QVERIFY(!scene.connectPorts("cmd", "out", "Vv", "P3", &why));
        QVERIFY2(why.contains("different domains") && why.contains("signal") && why.contains("hydraulic"), qPrintable(why));
        QVERIFY(!scene.connectPorts("cyl", "rod", "tank", "P", &why));
        QVERIFY(why.contains("mechanical"));
        // a shaft and a translational rod: refused, naming both ports and both domains
        {
            hs::model::ComponentDoc j;
            j.id = "J1";
            j.type = "RotationalInertia";
            j.pose = {900, 900, 0, false};
            QVERIFY(doc.insertComponent(j));
        }
        QVERIFY(!scene.connectPorts("J1", "shaft", "cyl", "rod", &why));
        QVERIFY2(why.contains("J1.shaft") && why.contains("cyl.rod") && why.contains("rotational") && why.contains("mechanical"),
                 qPrintable(why));
        QCOMPARE(undo.count(), 0);
        QVERIFY(scene.connectPorts("Vv", "P3", "tank", "P", &why));
        QCOMPARE(undo.count(), 1);
        QVERIFY(!scene.connectPorts("tank", "P", "Vv", "P3", &why));  // already connected
        QVERIFY(why.contains("already connected"));
    }
    void junctionWhereWiresMeet() {
        CircuitDocument doc;
        SymbolLibrary symbols(test::registry());
        QUndoStack undo;
        CircuitScene scene(doc, test::registry(), symbols, undo);
        doc.setCircuit(test::loadExample("circuit1_fcv.hydro.json"));
        // tank.P has two wires: both draw a junction dot there; a plain port-to-port wire has none.
        const int a = doc.wireIndex("orifice", "B", "tank", "P"), b = doc.wireIndex("onoff", "B", "tank", "P");
        const int plain = doc.wireIndex("supply", "P", "comp", "P");
        QVERIFY(a >= 0 && b >= 0 && plain >= 0);
        QVERIFY(scene.wireItems()[size_t(a)]->junctionAtTo() && scene.wireItems()[size_t(b)]->junctionAtTo());
        QVERIFY(!scene.wireItems()[size_t(a)]->junctionAtFrom());
        QVERIFY(!scene.wireItems()[size_t(plain)]->junctionAtFrom() && !scene.wireItems()[size_t(plain)]->junctionAtTo());
        // Removing one of the two takes the dot away from the other; undo brings it back.
        undo.push(new RemoveWireCommand(&doc, b));
        const int a2 = doc.wireIndex("orifice", "B", "tank", "P");
        QVERIFY(!scene.wireItems()[size_t(a2)]->junctionAtTo());
        undo.undo();
        QVERIFY(scene.wireItems()[size_t(a)]->junctionAtTo());
    }
};

QTEST_MAIN(TestScene)
#include "test_scene.moc"
