// SPDX-License-Identifier: GPL-3.0-or-later
// Every undo command: redo then undo returns the document to the same serialized bytes, redo
// again gives the edited bytes (ARCHITECTURE §6). Compound gestures (delete with wires, paste,
// rotate a selection, split a wire) are one undo step.
#include <QtTest>
#include <QUndoStack>

#include <functional>

#include "circuit_scene.h"
#include "commands/add_component_command.h"
#include "commands/add_wire_command.h"
#include "commands/configs_command.h"
#include "commands/pose_command.h"
#include "commands/remove_component_command.h"
#include "commands/remove_wire_command.h"
#include "commands/rename_component_command.h"
#include "commands/set_parameter_command.h"
#include "commands/settings_command.h"
#include "commands/wire_points_command.h"
#include "component_item.h"
#include "symbol_library.h"
#include "widgets_test_util.h"
#include "wire_item.h"

using namespace hs::widgets;
using hs::model::CircuitDocument;

namespace {

// A gesture on a fresh document and scene; it pushes onto the stack.
using Gesture = std::function<void(CircuitDocument&, CircuitScene&, QUndoStack&)>;

std::vector<std::pair<const char*, Gesture>> gestures() {
    return {
        {"add component", [](auto& d, auto&, auto& u) {
             hs::model::ComponentDoc c{"O9", "TurbulentOrifice", {500, 600, 90, true}, {{"Cd", 0.7}}, {{"spec", "CdA"}}, {}};
             u.push(new AddComponentCommand(&d, c, 2));
         }},
        {"remove cylinder with wires", [](auto& d, auto&, auto& u) { u.push(new RemoveComponentCommand(&d, "cyl")); }},
        {"remove volume with methods", [](auto& d, auto&, auto& u) { u.push(new RemoveComponentCommand(&d, "Vv")); }},
        {"move", [](auto& d, auto&, auto& u) {
             auto p = d.component("valve")->pose;
             auto q = p;
             q.x += 40;
             u.push(new PoseCommand(&d, {{"valve", p, q}}, {}, "Move"));
         }},
        {"set number", [](auto& d, auto&, auto& u) { u.push(new SetParameterCommand(&d, "Vv", "V", 2e-6)); }},
        {"clear number to default", [](auto& d, auto&, auto& u) { u.push(new SetParameterCommand(&d, "Vv", "V", QVariant())); }},
        {"set choice", [](auto& d, auto&, auto& u) { u.push(new SetParameterCommand(&d, "valve", "law", QString("squared"))); }},
        {"rename with references", [](auto& d, auto&, auto& u) { u.push(new RenameComponentCommand(&d, "Vv", "Vsmall")); }},
        {"add wire", [](auto& d, auto&, auto& u) {
             u.push(new AddWireCommand(&d, {"supply", "P", "tank", "P", {{80, 400}}, {}}, 1));
         }},
        {"remove wire", [](auto& d, auto&, auto& u) { u.push(new RemoveWireCommand(&d, 3)); }},
        {"wire points", [](auto& d, auto&, auto& u) { u.push(new WirePointsCommand(&d, 7, {{200, 30}, {690, 30}})); }},
        {"configs", [](auto& d, auto&, auto& u) {
             auto v = d.circuit().configs;
             v.front().dt = 2e-5;
             v.front().methods["Vv"] = {"quasi_steady", {{"tol", 0.5}}, {}};
             u.push(new ConfigsCommand(&d, v, "cfg"));
         }},
        {"settings", [](auto& d, auto&, auto& u) {
             auto s = hs::model::CircuitSettings::of(d.circuit());
             s.fluid.density = 850;
             s.duration = 0.5;
             u.push(new SettingsCommand(&d, s, "density"));
         }},
        {"delete selection", [](auto&, auto& s, auto&) {
             s.componentItem("valve")->setSelected(true);
             s.componentItem("load")->setSelected(true);
             s.deleteSelection();
         }},
        {"rotate selection", [](auto&, auto& s, auto&) {
             s.componentItem("valve")->setSelected(true);
             s.componentItem("cyl")->setSelected(true);
             s.rotateSelection();
         }},
        {"paste", [](auto&, auto& s, auto&) {
             s.componentItem("cyl")->setSelected(true);
             s.componentItem("load")->setSelected(true);
             s.componentItem("Vv")->setSelected(true);
             std::unique_ptr<QMimeData> m(s.copySelection());
             QString err;
             QVERIFY2(s.paste(m.get(), &err), qPrintable(err));
         }},
        {"split wire with a volume", [](auto& d, auto& s, auto&) {
             // The wire valve.T -> tank.P: drop a volume on the middle of its first segment.
             const int i = d.wireIndex("valve", "T", "tank", "P");
             QVERIFY(i >= 0);
             const auto* w = s.wireItems()[size_t(i)];
             const auto r = w->route();
             QVERIFY(!s.placeComponent("Volume", (r[0] + r[1]) / 2).isEmpty());
             QCOMPARE(d.wireIndex("valve", "T", "tank", "P"), -1);
         }},
    };
}

}  // namespace

class TestCommands : public QObject {
    Q_OBJECT
private slots:
    void redoUndoBytes_data() {
        QTest::addColumn<int>("which");
        const auto g = gestures();
        for (size_t i = 0; i < g.size(); ++i) QTest::newRow(g[i].first) << static_cast<int>(i);
    }
    void redoUndoBytes() {
        QFETCH(int, which);
        CircuitDocument doc;
        doc.setCircuit(test::loadExample("circuit2_pcv.hydro.json"));
        QVERIFY(!doc.circuit().components.empty());
        // A method override on the small volume, so that deleting and renaming it must carry it.
        auto configs = doc.circuit().configs;
        configs.at(1).methods["Vv"] = {"advanced_pseudo_dynamic", {{"tol_low", 5}}, {}};
        doc.setConfigs(configs);
        SymbolLibrary symbols(test::registry());
        QUndoStack undo;
        CircuitScene scene(doc, test::registry(), symbols, undo);
        const QByteArray before = hs::model::serializeCircuit(doc.circuit());
        gestures()[size_t(which)].second(doc, scene, undo);
        QCOMPARE(undo.count(), 1);  // one gesture, one step
        const QByteArray edited = hs::model::serializeCircuit(doc.circuit());
        QVERIFY(edited != before);
        // The edit leaves a valid circuit (no dangling wire, method or probe).
        const QStringList errors = hs::model::validateCircuit(doc.circuit(), test::registry());
        QVERIFY2(errors.isEmpty(), qPrintable(errors.join('\n')));
        undo.undo();
        QCOMPARE(hs::model::serializeCircuit(doc.circuit()), before);
        undo.redo();
        QCOMPARE(hs::model::serializeCircuit(doc.circuit()), edited);
        undo.undo();
        QCOMPARE(hs::model::serializeCircuit(doc.circuit()), before);
        // The scene still mirrors the document after the round trip.
        QCOMPARE(scene.componentItems().size(), static_cast<qsizetype>(doc.circuit().components.size()));
        QCOMPARE(scene.wireItems().size(), doc.circuit().wires.size());
    }
    void typingOverMerges() {
        CircuitDocument doc;
        doc.setCircuit(test::loadExample("three_orifice.hydro.json"));
        QUndoStack undo;
        const double v0 = doc.component("V2")->num.at("V");
        for (double v : {1e-6, 2e-6, 3e-6}) undo.push(new SetParameterCommand(&doc, "V2", "V", v));
        QCOMPARE(undo.count(), 1);
        QCOMPARE(doc.component("V2")->num.at("V"), 3e-6);
        undo.push(new SetParameterCommand(&doc, "V1", "V", 5e-4));  // another field: a new step
        QCOMPARE(undo.count(), 2);
        undo.undo();
        undo.undo();
        QCOMPARE(doc.component("V2")->num.at("V"), v0);
    }
    void duplicateIdRefused() {
        CircuitDocument doc;
        doc.setCircuit(test::loadExample("three_orifice.hydro.json"));
        QVERIFY(!doc.insertComponent({"V1", "Volume", {}, {}, {}, {}}));
        QVERIFY(!doc.renameComponent("V1", "V2"));
        QVERIFY(!doc.insertWire({"O1", "B", "V1", "P1", {}, {}}));  // exists already
    }
};

QTEST_MAIN(TestCommands)
#include "test_commands.moc"
