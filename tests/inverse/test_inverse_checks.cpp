// SPDX-License-Identifier: GPL-3.0-or-later
// Inverse-mode validation and diagnostics (notes/002 §5, §6 items 2, 6, 7, 9): a kinked profile and
// a non-smooth force are rejected naming what is missing; prescribed outputs must match freed
// inputs; a line between valve and cylinder is refused; undersized valve, end of travel and
// pressure limit reported as results; leakage and an extra chamber volume still round-trip; the
// nominal-point valve sizing law; the laminar (Hagen-Poiseuille) line formula.
#include <QtTest/QtTest>

#include <numbers>

#include "inverse/replay.h"
#include "inverse_test_util.h"

using namespace hs::inverse;
using namespace hs::inverse::test;
using hs::sim::NetComponent;
using hs::sim::Netlist;

namespace {
NetComponent& find(Netlist& n, const std::string& id) {
    for (auto& c : n.components)
        if (c.id == id) return c;
    qFatal("no component %s", id.c_str());
}
bool has(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }
bool hasKind(const InverseResult& r, Diagnostic::Kind k) {
    for (const auto& d : r.diagnostics)
        if (d.kind == k) return true;
    return false;
}
}  // namespace

class TestInverseChecks : public QObject {
    Q_OBJECT
private slots:
    void kinkedProfileRejected() {
        Netlist n = exampleNetlist("gear_hobbing_cyl3");
        find(n, "motion").num["t_ramp"] = 0.0;  // constant then ramp: the velocity jumps
        const Solved s = solve(n, 0.1);
        QVERIFY(has(s.error, "only C^0"));
        QVERIFY(has(s.error, "kinked"));
        QVERIFY(has(s.error, "C^5"));
        Netlist m = exampleNetlist("gear_hobbing_cyl3");
        find(m, "motion").num["order"] = 2.0;  // C^3 position: enough for the force balance, not the spool
        QVERIFY(has(solve(m, 0.1).error, "only C^3"));
    }

    void forceMustBeSmooth() {
        Netlist n = exampleNetlist("gear_hobbing_cyl3");
        find(n, "force_profile").num["order"] = 1.0;
        QVERIFY(has(solve(n, 0.1).error, "force 'load' from 'force_profile' is only C^1"));
        Netlist m = exampleNetlist("gear_hobbing_cyl3");
        NetComponent& f = find(m, "force_profile");
        f.type = "Ramp";
        f.num = {{"t0", 0.2}, {"slope", -1e4}};
        f.text.clear();
        QVERIFY(has(solve(m, 0.1).error, "driven by 'force_profile' (Ramp)"));
    }

    void prescribedOutputsMatchFreedInputs() {
        Netlist n = exampleNetlist("gear_hobbing_cyl3");
        find(n, "motion").text["free"] = "";
        QVERIFY(has(solve(n, 0.1).error, "1 prescribed output(s) but 0 freed input(s)"));
        Netlist m = exampleNetlist("gear_hobbing_cyl3");
        find(m, "motion").text["free"] = "ctrl.ref";
        QVERIFY(has(solve(m, 0.1).error, "the inverse computes the command U of a DirectionalValve43 only"));
        Netlist k = exampleNetlist("gear_hobbing_cyl3");
        for (auto it = k.wires.begin(); it != k.wires.end();)
            it = (it->toComp == "motion" || it->fromComp == "motion") && (it->toPort == "rod" || it->fromPort == "rod")
                     ? k.wires.erase(it) : it + 1;
        QVERIFY(has(solve(k, 0.1).error, "no prescribed output"));
    }

    void lineBetweenValveAndCylinderRefused() {
        Netlist n = exampleNetlist("gear_hobbing_cyl3");
        n.components.push_back(hs::sim::test::comp("Pipe", "line", {{"L", 1.0}, {"d", 0.01}}));
        n.components.push_back(hs::sim::test::comp("Tank", "tank2"));
        n.wires.push_back({"line", "A", "cyl", "A"});
        n.wires.push_back({"line", "B", "tank2", "P"});
        QVERIFY(has(solve(n, 0.1).error, "also connects line.A (Pipe)"));
    }

    void diagnosticsAreResults() {
        Netlist n = exampleNetlist("gear_hobbing_cyl3_small_valve");
        find(n, "valve").num["q_nom"] = 0.0125 / 30;  // half the small valve: the return stroke needs > 100 %
        n.pMax = 190e5;                                 // the return stroke's p_B is about 194 bar
        Netlist m = n;
        find(m, "motion").text["moves"] = "0.1 1.1 0.32";  // past the 0.3 m stroke
        const Solved s = solve(n), e = solve(m, 1.2);
        QVERIFY(s.error.empty() && s.result.ok);  // reported, not stopped
        QVERIFY(hasKind(s.result, Diagnostic::Kind::ValveSaturated));
        QVERIFY(hasKind(s.result, Diagnostic::Kind::PressureAbove));
        QVERIFY(!hasKind(s.result, Diagnostic::Kind::EndOfTravel));
        QVERIFY(hasKind(e.result, Diagnostic::Kind::EndOfTravel));
        for (const auto& d : s.result.diagnostics)
            if (d.kind == Diagnostic::Kind::ValveSaturated) QVERIFY(has(d.message, "undersized") && d.value > 1.0);
    }

    // Internal leakage and a hose volume on A make the closed form carry Q_L and a larger C_A: the
    // forward replay still reproduces the prescribed motion.
    void leakageAndVolumeRoundTrip() {
        Netlist n = exampleNetlist("gear_hobbing_cyl3");
        find(n, "cyl").num["L"] = 2e-12;
        n.components.push_back(hs::sim::test::comp("Volume", "hoseA", {{"V", 2e-4}}));
        n.wires.push_back({"hoseA", "P1", "cyl", "A"});
        const Solved s = solve(n, 1.5);
        QVERIFY2(s.error.empty() && s.result.ok, s.error.c_str());
        QCOMPARE(s.drive.volumesA.size(), size_t(1));
        const ReplayResult r = replayForward(hs::sim::test::registry(), n, s.drive, s.result, 1e-3);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY2(r.maxError < 1e-6, qPrintable(QString::number(r.maxError)));
        // leakage costs supply energy: more than without it over the same span
        const Solved plain = solve(exampleNetlist("gear_hobbing_cyl3"), 1.5);
        QVERIFY(s.last("E_supply") > plain.last("E_supply"));
    }

    // Chambers outside the cylinder (Hopsan's Q-type cylinder): the Volumes on A and B are the
    // capacitances and the first one's p0 the initial p_A; the replay still reproduces x_p.
    void externalChambersRoundTrip() {
        Netlist n = exampleNetlist("gear_hobbing_cyl3");
        find(n, "cyl").text["chambers"] = "external";
        n.components.push_back(hs::sim::test::comp("Volume", "VA", {{"V", 2e-4}, {"p0", 50e5}}));
        n.components.push_back(hs::sim::test::comp("Volume", "VB", {{"V", 2e-4}, {"p0", 120e5}}));
        n.wires.push_back({"VA", "P1", "cyl", "A"});
        n.wires.push_back({"VB", "P1", "cyl", "B"});
        const Solved s = solve(n, 1.5);
        QVERIFY2(s.error.empty() && s.result.ok, s.error.c_str());
        QCOMPARE(s.result.pA0, 50e5);
        const ReplayResult r = replayForward(hs::sim::test::registry(), n, s.drive, s.result, 1e-3);
        QVERIFY2(r.error.empty(), r.error.c_str());
        QVERIFY2(r.maxError < 1e-6, qPrintable(QString::number(r.maxError)));
    }

    // notes §6 item 2: Q = x*q_nom*sqrt(dp/dp_nom)*sqrt(850/rho); fully open at dp_nom with rho = 870
    // passes 0.9884*q_nom.
    void valveSizingLaw() {
        using namespace hs::sim::test;
        const double qn = 0.0125, dpn = 1e7;
        Netlist n;
        n.fluid.density = 870;
        n.components = {comp("PressureSource", "ps", {{"p", dpn}}), comp("Tank", "t", {{"p", 0}}),
                        comp("DirectionalValve43", "v", {{"q_nom", qn}, {"dp_nom", dpn}, {"Ud", 0}, {"Kv", 1}, {"Us0", 1.0}},
                             {{"sizing", "nominal point"}}),
                        comp("Constant", "u", {{"value", 1.0}})};
        n.wires = {wire("ps", "P", "v", "P"), wire("t", "P", "v", "A"), wire("t", "P", "v", "B"), wire("t", "P", "v", "T"),
                   wire("u", "out", "v", "U")};
        std::string err;
        const auto r = buildAndRun(n, {{"q", "flow", "v.P"}}, runOptions(solver("rk4", 1e-5), 1e-3, 1e-4), &err);
        QVERIFY2(err.empty() && r.ok, (err + r.error).c_str());
        const double q = r.trace.columns[0].back();
        QVERIFY(std::abs(std::sqrt(850.0 / 870.0) - 0.9884) < 1e-4);
        QVERIFY2(std::abs(q - qn * std::sqrt(850.0 / 870.0)) < 1e-9 * qn, qPrintable(QString::number(q / qn)));
        // half open at a quarter of dp_nom: a quarter of that
        hs::sim::Valve43Law law{hs::sim::Valve43Law::nominalGain(qn, dpn, 850, 870)};
        double f[4];
        law.flows(0.5, dpn / 4, 0, 0, 0, f);
        QVERIFY(std::abs(f[0] - 0.25 * qn * std::sqrt(850.0 / 870.0)) < 1e-12);
    }

    // notes §6 item 9: laminar line m_dot = pi*rho*dp*D^4/(128*L*eta) (leakage G = pi*rho*D^4/(128*eta*L)):
    // the laminar Pipe's steady flow between two pressures.
    void laminarLineFormula() {
        using namespace hs::sim::test;
        const double L = 1.0, D = 1e-3, eta = 0.036, rho = 870, dp = 50e5;
        Netlist n;
        n.fluid.density = rho;
        n.components = {comp("PressureSource", "a", {{"p", dp}}), comp("Tank", "b", {{"p", 0}}),
                        comp("Pipe", "pipe", {{"L", L}, {"d", D}, {"mu", eta}}, {{"friction", "laminar"}})};
        n.wires = {wire("a", "P", "pipe", "A"), wire("b", "P", "pipe", "B")};
        std::string err;
        const auto r = buildAndRun(n, {{"q", "flow", "pipe.A"}}, runOptions(solver("rk4", 1e-6), 0.02, 1e-3), &err);
        QVERIFY2(err.empty() && r.ok, (err + r.error).c_str());
        const double mdot = std::numbers::pi * rho * dp * std::pow(D, 4) / (128 * L * eta);
        QVERIFY2(std::abs(rho * r.trace.columns[0].back() - mdot) < 1e-6 * mdot,
                 qPrintable(QString("%1 vs %2").arg(rho * r.trace.columns[0].back()).arg(mdot)));
    }
};

QTEST_GUILESS_MAIN(TestInverseChecks)
#include "test_inverse_checks.moc"
