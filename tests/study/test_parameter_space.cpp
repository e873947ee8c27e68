// SPDX-License-Identifier: GPL-3.0-or-later
// Parameter axes: parsing, validation messages, the full grid and the Latin hypercube's strata.
#include <QtTest>
#include <set>

#include "model/circuit_io.h"
#include "sim/registry.h"
#include "study/parameter_space.h"

using namespace hs;

class TestParameterSpace : public QObject {
    Q_OBJECT
private slots:
    void parsesRangesAndLists();
    void rejectsBadSyntax();
    void namesUnknownComponentsAndParameters();
    void gridIsEveryCombination();
    void latinHypercubeHasOnePointPerStratum();
    void latinHypercubeIsReproducible();
    void pointIsWrittenIntoTheCircuit();
};

void TestParameterSpace::parsesRangesAndLists() {
    QString e;
    auto a = study::parseAxis("comp.C5=0.8e6:1.2e6:5", &e);
    QVERIFY2(a, qPrintable(e));
    QCOMPARE(a->component, QString("comp"));
    QCOMPARE(a->parameter, QString("C5"));
    QCOMPARE(a->values.size(), size_t(5));
    QCOMPARE(a->values.front(), 0.8e6);
    QCOMPARE(a->values[2], 1.0e6);
    QCOMPARE(a->values.back(), 1.2e6);
    auto l = study::parseAxis("V1.V=1e-6, 1e-5", &e);
    QVERIFY(l && !l->range);
    QCOMPARE(l->values, (std::vector<double>{1e-6, 1e-5}));
    auto g = study::parseAxis("V1.V=1e-6:1e-4:3:log", &e);
    QVERIFY(g && g->logScale);
    QVERIFY(std::abs(g->values[1] - 1e-5) < 1e-18);
}

void TestParameterSpace::rejectsBadSyntax() {
    QString e;
    QVERIFY(!study::parseAxis("C5=1:2:3", &e));
    QVERIFY(e.contains("component.parameter"));
    QVERIFY(!study::parseAxis("comp.C5=1:2", &e));
    QVERIFY(!study::parseAxis("comp.C5=1:2:0", &e));
    QVERIFY(!study::parseAxis("comp.C5=0:2:3:log", &e));
    QVERIFY(!study::parseAxis("comp.C5=1,x", &e));
    QVERIFY(e.contains("'x' is not a number"));
}

void TestParameterSpace::namesUnknownComponentsAndParameters() {
    const sim::Registry reg = sim::Registry::builtin();
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/three_orifice.hydro.json", reg);
    QVERIFY(loaded.ok());
    QString e;
    auto bad = study::parseAxis("O9.Cd=0.5,0.6", &e);
    QString msg = study::checkAxis(*bad, *loaded.circuit, reg);
    QVERIFY2(msg.contains("no component 'O9'") && msg.contains("O1, V1, O2"), qPrintable(msg));
    auto badParam = study::parseAxis("O1.Kv=0.5,0.6", &e);
    msg = study::checkAxis(*badParam, *loaded.circuit, reg);
    QVERIFY2(msg.contains("no number parameter 'Kv'") && msg.contains("Cd"), qPrintable(msg));
    auto good = study::parseAxis("O1.Cd=0.5,0.6", &e);
    QCOMPARE(study::checkAxis(*good, *loaded.circuit, reg), QString());
}

void TestParameterSpace::gridIsEveryCombination() {
    QString e;
    std::vector<study::ParameterAxis> axes{*study::parseAxis("a.x=1:3:3", &e), *study::parseAxis("b.y=10,20", &e)};
    const auto pts = study::gridPoints(axes);
    QCOMPARE(pts.size(), size_t(6));
    QCOMPARE(pts.front(), (study::ParameterPoint{1, 10}));
    QCOMPARE(pts[1], (study::ParameterPoint{1, 20}));
    QCOMPARE(pts.back(), (study::ParameterPoint{3, 20}));
    std::set<study::ParameterPoint> unique(pts.begin(), pts.end());
    QCOMPARE(unique.size(), size_t(6));
}

void TestParameterSpace::latinHypercubeHasOnePointPerStratum() {
    QString e;
    std::vector<study::ParameterAxis> axes{*study::parseAxis("a.x=0:10:2", &e), *study::parseAxis("b.y=1:1000:2:log", &e)};
    const int n = 25;
    const auto pts = study::latinHypercube(axes, n, 7);
    QCOMPARE(pts.size(), size_t(n));
    std::set<int> linear, logs;
    for (const auto& p : pts) {
        QVERIFY(p[0] >= 0 && p[0] <= 10);
        QVERIFY(p[1] >= 1 && p[1] <= 1000);
        linear.insert(static_cast<int>(p[0] / 10.0 * n));
        logs.insert(static_cast<int>(std::log10(p[1]) / 3.0 * n));
    }
    QCOMPARE(static_cast<int>(linear.size()), n);  // every stratum once
    QCOMPARE(static_cast<int>(logs.size()), n);
}

void TestParameterSpace::latinHypercubeIsReproducible() {
    QString e;
    std::vector<study::ParameterAxis> axes{*study::parseAxis("a.x=0:1:2", &e), *study::parseAxis("b.y=1,2,3", &e)};
    QCOMPARE(study::latinHypercube(axes, 9, 42), study::latinHypercube(axes, 9, 42));
    QVERIFY(study::latinHypercube(axes, 9, 42) != study::latinHypercube(axes, 9, 43));
    std::map<double, int> count;  // a list of 3 values over 9 points: each value 3 times
    for (const auto& p : study::latinHypercube(axes, 9, 42)) ++count[p[1]];
    QCOMPARE(count, (std::map<double, int>{{1, 3}, {2, 3}, {3, 3}}));
}

void TestParameterSpace::pointIsWrittenIntoTheCircuit() {
    const sim::Registry reg = sim::Registry::builtin();
    auto loaded = model::loadCircuit(HS_EXAMPLES_DIR "/three_orifice.hydro.json", reg);
    QString e;
    std::vector<study::ParameterAxis> axes{*study::parseAxis("supply.p=1,2", &e), *study::parseAxis("V2.V=3,4", &e)};
    const model::Circuit c = study::withPoint(*loaded.circuit, axes, {5e6, 2e-5});
    QCOMPARE(c.component("supply")->num.at("p"), 5e6);
    QCOMPARE(c.component("V2")->num.at("V"), 2e-5);
    QCOMPARE(c.component("V1")->num.at("V"), loaded.circuit->component("V1")->num.at("V"));
}

QTEST_APPLESS_MAIN(TestParameterSpace)
#include "test_parameter_space.moc"
