// SPDX-License-Identifier: GPL-3.0-or-later
// The builder reports every problem with a message that names the component, port or parameter.
#include <QtTest/QtTest>

#include "sim_test_util.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

// A valid base circuit: source -> laminar orifice -> volume.
Netlist base() {
    Netlist n;
    n.components = {comp("PressureSource", "src", {{"p", 1e7}}), comp("LaminarOrifice", "R", {{"G", 1e-11}}),
                    comp("Volume", "V", {{"V", 1e-4}})};
    n.wires = {wire("src", "P", "R", "A"), wire("R", "B", "V", "P1")};
    return n;
}

Netlist broken(const QString& which) {
    Netlist n = base();
    if (which == "unknown type") {
        n.components.push_back(comp("Bogus", "thing1"));
    } else if (which == "duplicate id") {
        n.components.push_back(comp("Volume", "V"));
    } else if (which == "unknown parameter") {
        n.components[1].num["Gx"] = 1.0;
    } else if (which == "above maximum") {
        n.components.push_back(comp("TurbulentOrifice", "O", {{"Cd", 5.0}}));
        n.wires.push_back(wire("V", "P2", "O", "A"));
        n.wires.push_back(wire("O", "B", "src", "P"));
    } else if (which == "below minimum") {
        n.components[2].num["V"] = -1.0;
    } else if (which == "invalid in configure") {
        n.components[2].num["V"] = 0.0;  // within bounds [0, 10] but the volume rejects it
    } else if (which == "bad choice") {
        n.components[2].text["bulk_modulus"] = "rubber";
    } else if (which == "dangling wire") {
        n.wires.push_back(wire("R", "B", "nowhere", "P1"));
    } else if (which == "unknown port") {
        n.wires.push_back(wire("R", "B", "V", "P9"));
    } else if (which == "domain mismatch") {
        n.components.push_back(comp("Mass", "load"));
        n.wires.push_back(wire("V", "P2", "load", "m"));
    } else if (which == "node without volume") {
        n.components[2] = comp("LaminarOrifice", "R2", {{"G", 1e-11}});
        n.components.push_back(comp("Tank", "tank"));
        n.wires = {wire("src", "P", "R", "A"), wire("R", "B", "R2", "A"), wire("R2", "B", "tank", "P")};
    } else if (which == "two pressure sources") {
        n.components.push_back(comp("Tank", "tank"));
        n.wires.push_back(wire("V", "P2", "tank", "P"));
        n.wires.push_back(wire("V", "P3", "src", "P"));
    } else if (which == "algebraic loop") {
        n.components.push_back(comp("Gain", "g1", {{"k", 2.0}}));
        n.components.push_back(comp("Gain", "g2", {{"k", 0.5}}));
        n.wires.push_back(wire("g1", "out", "g2", "in"));
        n.wires.push_back(wire("g2", "out", "g1", "in"));
    } else if (which == "unconnected port") {
        n.wires.pop_back();  // R.B and V.P1 open
    } else if (which == "two outputs on a wire") {
        n.components.push_back(comp("Constant", "c1"));
        n.components.push_back(comp("Constant", "c2"));
        n.wires.push_back(wire("c1", "out", "c2", "out"));
    } else if (which == "mechanical node without mass") {
        n.components.push_back(comp("Spring", "spring"));
        n.components.push_back(comp("ViscousFriction", "damper"));
        n.wires.push_back(wire("spring", "m", "damper", "m"));
    } else if (which == "conflicting initial pressures") {
        n.components.push_back(comp("Volume", "V2", {{"V", 1e-4}, {"p0", 5e5}}));
        n.wires.push_back(wire("V", "P2", "V2", "P1"));
    } else if (which == "compensator without load") {
        n.components.push_back(comp("PressureCompensator", "comp"));
        n.components.push_back(comp("Volume", "Vc", {{"V", 1e-5}}));
        n.wires.push_back(wire("src", "P", "comp", "P"));
        n.wires.push_back(wire("comp", "C", "Vc", "P1"));
    } else if (which == "bad table") {
        n.components.push_back(comp("Table", "tbl", {}, {{"points", "1 0; 0 1"}}));
    } else if (which == "text for number") {
        n.components[1].text["G"] = "big";
    }
    return n;
}

}  // namespace

class TestBuilderErrors : public QObject {
    Q_OBJECT
private slots:
    void baseBuilds();
    void errors_data();
    void errors();
    void severalErrorsReportedTogether();
};

void TestBuilderErrors::baseBuilds() {
    BuildResult b = build(registry(), base(), solver("rk4", 1e-5));
    QVERIFY2(b.ok(), b.errorText().c_str());
    QVERIFY(b.errors.empty());
    QCOMPARE(b.system->stateCount(), 1);
    QCOMPARE(b.system->states[0].name, std::string("V.p"));
}

void TestBuilderErrors::errors_data() {
    QTest::addColumn<QString>("which");
    QTest::addColumn<QStringList>("expected");  // substrings of one error message
    QTest::newRow("unknown type") << "unknown type" << QStringList{"'thing1'", "unknown component type 'Bogus'"};
    QTest::newRow("duplicate id") << "duplicate id" << QStringList{"two components have the id 'V'"};
    QTest::newRow("unknown parameter") << "unknown parameter" << QStringList{"'R'", "LaminarOrifice", "unknown parameter 'Gx'"};
    QTest::newRow("above maximum") << "above maximum" << QStringList{"'O'", "'Cd' = 5", "above its maximum 2"};
    QTest::newRow("below minimum") << "below minimum" << QStringList{"'V'", "'V' = -1 m3", "below its minimum 0"};
    QTest::newRow("invalid in configure") << "invalid in configure" << QStringList{"'V'", "volume V must be positive"};
    QTest::newRow("bad choice") << "bad choice" << QStringList{"'V'", "'bulk_modulus' = 'rubber'", "fluid, constant"};
    QTest::newRow("dangling wire") << "dangling wire" << QStringList{"no component 'nowhere'", "nowhere.P1"};
    QTest::newRow("unknown port") << "unknown port" << QStringList{"'V'", "has no port 'P9'"};
    QTest::newRow("domain mismatch") << "domain mismatch" << QStringList{"V.P2", "load.m", "hydraulic", "mechanical"};
    QTest::newRow("node without volume") << "node without volume" << QStringList{"node 'R.B'", "has no volume"};
    QTest::newRow("two pressure sources") << "two pressure sources" << QStringList{"node 'V'", "src", "tank", "set its pressure"};
    QTest::newRow("algebraic loop") << "algebraic loop" << QStringList{"algebraic loop", "g1", "g2"};
    QTest::newRow("unconnected port") << "unconnected port" << QStringList{"port 'R.B' is not connected"};
    QTest::newRow("two outputs on a wire") << "two outputs on a wire" << QStringList{"c1.out", "c2.out", "two signal outputs"};
    QTest::newRow("mechanical node without mass") << "mechanical node without mass" << QStringList{"mechanical node", "spring.m", "no mass"};
    QTest::newRow("conflicting initial pressures") << "conflicting initial pressures" << QStringList{"conflicting initial pressures", "V2.P1"};
    QTest::newRow("compensator without load") << "compensator without load" << QStringList{"'comp'", "load pressure"};
    QTest::newRow("bad table") << "bad table" << QStringList{"'tbl'", "must not decrease"};
    QTest::newRow("text for number") << "text for number" << QStringList{"'R'", "'G' is a number"};
}

void TestBuilderErrors::errors() {
    QFETCH(QString, which);
    QFETCH(QStringList, expected);
    BuildResult b = build(registry(), broken(which), solver("rk4", 1e-5));
    QVERIFY(!b.ok());
    QVERIFY(!b.errors.empty());
    const std::string text = b.errorText();
    // one message holds all the expected pieces
    bool found = false;
    for (const auto& e : b.errors) {
        bool all = true;
        for (const auto& piece : expected) all = all && e.find(piece.toStdString()) != std::string::npos;
        found = found || all;
    }
    QVERIFY2(found, text.c_str());
}

void TestBuilderErrors::severalErrorsReportedTogether() {
    Netlist n = base();
    n.components[1].num["Gx"] = 1.0;
    n.components[2].num["V"] = -1.0;
    n.components.push_back(comp("Bogus", "b"));
    BuildResult b = build(registry(), n, solver("rk4", 1e-5));
    QVERIFY(!b.ok());
    // V = -1 is reported twice (bounds, and the volume's own check): at least three messages
    QVERIFY(b.errors.size() >= 3);
    const std::string text = b.errorText();
    for (const char* piece : {"unknown parameter 'Gx'", "'V' = -1", "unknown component type 'Bogus'"})
        QVERIFY2(text.find(piece) != std::string::npos, piece);
}

QTEST_APPLESS_MAIN(TestBuilderErrors)
#include "test_builder_errors.moc"
