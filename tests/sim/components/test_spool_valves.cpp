// SPDX-License-Identifier: GPL-3.0-or-later
// Spool valves: the flows of the 4/3 centres at zero spool (closed: none; tandem: P->T only;
// open: every edge), the switching time of the on/off valves (first order: 63 % at tau; second
// order critically damped: 1 - (1 + wt)e^-wt), the 3/2 and 4/2 valves' two positions and the
// servo valve's rated flow, the 6/3 open-centre valve's neutral channel (open at centre, closed
// at full stroke, half-closed half-way past its lap) with its work edges. Next to TLM volumes,
// tlm_solve = each edge alone (Hopsan's Hydraulic43Valve): the first step's edges solved each
// against its own ports' sources, and Hopsan's cavitation rule.
#include <QtTest/QtTest>

#include "sim_test_util.h"
#include "sim/components/spool.h"

using namespace hs::sim;
using namespace hs::sim::test;

namespace {

constexpr double kRho = 870.0, kD = 0.01, kCq = 0.67;

// Every port held at a pressure; the valve's port flows are then algebraic in the spool state.
Netlist heldPorts(const std::string& type, std::map<std::string, double> num, std::map<std::string, std::string> text,
                  double command, std::vector<std::pair<std::string, double>> ports) {
    Netlist n;
    if (type != "ServoValve") num["rho"] = kRho;
    n.components = {comp(type, "v", num, text), comp("Constant", "cmd", {{"value", command}})};
    n.wires = {wire("cmd", "out", "v", type == "ServoValve" ? "i" : "in")};
    for (const auto& [port, p] : ports) {
        n.components.push_back(comp("PressureSource", "src" + port, {{"p", p}}));
        n.wires.push_back(wire("src" + port, "P", "v", port));
    }
    return n;
}

std::vector<double> lastFlows(const Netlist& n, const std::vector<std::string>& ports, double duration = 0.2) {
    std::vector<ProbeSpec> probes;
    for (const auto& p : ports) probes.push_back({"q" + p, "flow", "v." + p});
    RunResult r = buildAndRun(n, probes, runOptions(solver("rk4", 1e-5), duration, 1e-3));
    if (!r.ok) qWarning("%s", r.error.c_str());
    std::vector<double> q;
    for (const auto& c : r.trace.columns) q.push_back(c.empty() ? NAN : c.back());
    q.resize(ports.size(), NAN);  // a failed run: NaN fails every comparison
    return q;
}

// A 4/3 valve at centre, every edge underlapped by `lap`, between ports held at fixed pressures
// (PressureSource) and TLM volumes (V m3, Be 1e9 Pa, p0, alpha 0.1, Hopsan start values): the
// first solved step (t = dt) sees the volumes' start pressures as waves.
struct TlmValve {
    Netlist net;
    SolverSettings solver;
};
TlmValve tlmValve(const std::string& tlmSolve, double lap, std::map<std::string, double> held,
                  std::map<std::string, std::pair<double, double>> volumes, double dt) {
    TlmValve t;
    t.net = heldPorts("SpoolValve43", {{"x_pa", lap}, {"x_pb", lap}, {"x_at", lap}, {"x_bt", lap}},
                      {{"tlm_solve", tlmSolve}}, 0.0, {held.begin(), held.end()});
    t.solver = solver("rk4", dt);
    for (const auto& [port, vp] : volumes) {
        const std::string id = "V" + port;
        t.net.components.push_back(comp("Volume", id, {{"V", vp.first}, {"Be", 1e9}, {"p0", vp.second}}, {{"bulk_modulus", "constant"}}));
        t.net.wires.push_back(wire(id, "P1", "v", port));
        t.solver.methods[id].method = "tlm";
        t.solver.methods[id].params = {{"alpha", 0.1}, {"filter", 0.0}, {"start", 1.0}};
    }
    return t;
}

// The first solved step's pressures and flows (into the valve) at P, A, B, T.
std::vector<double> firstStep(const TlmValve& t, double dt) {
    std::vector<ProbeSpec> probes;
    for (const char* port : {"P", "A", "B", "T"}) {
        probes.push_back({std::string("p") + port, "pressure", std::string("v.") + port});
        probes.push_back({std::string("q") + port, "flow", std::string("v.") + port});
    }
    RunResult r = buildAndRun(t.net, probes, runOptions(t.solver, 3 * dt, dt));
    if (!r.ok) qWarning("%s", r.error.c_str());
    std::vector<double> v;
    for (const auto& c : r.trace.columns) v.push_back(c.size() > 1 ? c[1] : NAN);
    v.resize(8, NAN);
    return v;
}

}  // namespace

class TestSpoolValves : public QObject {
    Q_OBJECT
private slots:
    void centreFlows_data();
    void centreFlows();
    void overlapBlocksSmallStroke();
    void switchingTime_data();
    void switchingTime();
    void threeTwoAndFourTwoPositions();
    void servoRatedFlow();
    void loadSensingOutput();
    void openCentreNeutralChannel();
    void edgesAloneFirstStep();
    void edgesAloneCavitation();
};

void TestSpoolValves::centreFlows_data() {
    QTest::addColumn<QString>("centre");
    QTest::newRow("closed") << "closed";
    QTest::newRow("open") << "open";
    QTest::newRow("tandem") << "tandem";
}

void TestSpoolValves::centreFlows() {
    QFETCH(QString, centre);
    const double pp = 1e7, pa = 6e6, pb = 3e6, pt = 0.0, xc = 5e-4;
    Netlist n = heldPorts("SpoolValve43", {{"x_c", xc}}, {{"centre", centre.toStdString()}}, 0.0,
                          {{"P", pp}, {"A", pa}, {"B", pb}, {"T", pt}});
    const std::vector<double> q = lastFlows(n, {"P", "A", "B", "T"});
    const double k = edgeCoefficient(kCq, 1.0, kD, kRho, xc);
    double qp = 0, qa = 0, qb = 0, qt = 0;  // into the valve
    if (centre == "tandem") { qp = k * std::sqrt(pp - pt); qt = -qp; }
    if (centre == "open") {
        const double qpa = k * std::sqrt(pp - pa), qpb = k * std::sqrt(pp - pb);
        const double qat = k * std::sqrt(pa - pt), qbt = k * std::sqrt(pb - pt);
        qp = qpa + qpb; qa = qat - qpa; qb = qbt - qpb; qt = -qat - qbt;
    }
    qInfo("%s centre: P %.4g A %.4g B %.4g T %.4g m3/s", qPrintable(centre), q[0], q[1], q[2], q[3]);
    const double tol = 1e-9 * (k * std::sqrt(pp) + 1e-12);
    QVERIFY(std::abs(q[0] - qp) < tol);
    QVERIFY(std::abs(q[1] - qa) < tol);
    QVERIFY(std::abs(q[2] - qb) < tol);
    QVERIFY(std::abs(q[3] - qt) < tol);
    if (centre != "closed") QVERIFY(q[0] > 1e-5);  // the centre passes a real flow
}

// 1 mm overlap on every edge: a 0.5 mm stroke passes nothing, a 2 mm stroke passes P->A at 1 mm.
void TestSpoolValves::overlapBlocksSmallStroke() {
    const double lap = 1e-3;
    std::map<std::string, double> laps = {{"x_pa", lap}, {"x_pb", lap}, {"x_at", lap}, {"x_bt", lap}};
    const std::vector<std::pair<std::string, double>> ports = {{"P", 1e7}, {"A", 5e6}, {"B", 5e6}, {"T", 0}};
    std::vector<double> q = lastFlows(heldPorts("SpoolValve43", laps, {}, 0.5e-3, ports), {"P", "A"});
    QCOMPARE(q[0], 0.0);
    q = lastFlows(heldPorts("SpoolValve43", laps, {}, 2e-3, ports), {"P", "A"});
    const double expected = edgeCoefficient(kCq, 1.0, kD, kRho, 2e-3 - lap) * std::sqrt(5e6);
    QVERIFY2(std::abs(q[0] / expected - 1.0) < 1e-6, qPrintable(QString::number(q[0] / expected)));
}

void TestSpoolValves::switchingTime_data() {
    QTest::addColumn<QString>("dynamics");
    QTest::newRow("first order") << "first order";
    QTest::newRow("second order") << "second order";
}

void TestSpoolValves::switchingTime() {
    QFETCH(QString, dynamics);
    const double tau = 0.01, wn = 200.0, xvmax = 0.01;
    Netlist n = heldPorts("SpoolValve22", {{"tau", tau}, {"omega_h", wn}, {"delta_h", 1.0}, {"x_vmax", xvmax}},
                          {{"dynamics", dynamics.toStdString()}}, 1.0, {{"P", 1e7}, {"A", 0.0}});
    RunResult r = buildAndRun(n, {{"xv", "state", "v.xv"}}, runOptions(solver("rk4", 1e-5), 0.05, 1e-3));
    QVERIFY2(r.ok, r.error.c_str());
    double worst = 0.0;
    for (size_t i = 0; i < r.trace.time.size(); ++i) {
        const double t = r.trace.time[i];
        const double exact = dynamics == "first order" ? 1.0 - std::exp(-t / tau) : 1.0 - (1.0 + wn * t) * std::exp(-wn * t);
        worst = std::max(worst, std::abs(r.trace.columns[0][i] / xvmax - exact));
    }
    qInfo("%s switching: max deviation from the analytic lag %.3g (fraction of the stroke)", qPrintable(dynamics), worst);
    QVERIFY(worst < 1e-6);
    if (dynamics == "first order") QVERIFY(std::abs(r.trace.columns[0][10] / xvmax - (1.0 - std::exp(-1.0))) < 1e-6);
}

void TestSpoolValves::threeTwoAndFourTwoPositions() {
    const double k = edgeCoefficient(kCq, 1.0, kD, kRho, 0.01);
    // 3/2 off: A->T open, P blocked
    std::vector<double> q = lastFlows(heldPorts("SpoolValve32", {}, {}, 0.0, {{"P", 1e7}, {"A", 4e6}, {"T", 0}}), {"P", "A"});
    QCOMPARE(q[0], 0.0);
    QVERIFY(std::abs(q[1] - k * std::sqrt(4e6)) < 1e-9 * k * 2e3);
    // 4/2 on (fully switched after 0.2 s): P->A and B->T
    q = lastFlows(heldPorts("SpoolValve42", {}, {}, 1.0, {{"P", 1e7}, {"A", 4e6}, {"B", 3e6}, {"T", 0}}), {"P", "A", "B"});
    QVERIFY(std::abs(q[0] - k * std::sqrt(6e6)) < 1e-6 * k * 2e3);
    QVERIFY(std::abs(q[1] + k * std::sqrt(6e6)) < 1e-6 * k * 2e3);
    QVERIFY(std::abs(q[2] - k * std::sqrt(3e6)) < 1e-6 * k * 2e3);
}

// Rated: Q_n at dp_n across the valve, half on each edge.
void TestSpoolValves::servoRatedFlow() {
    const double qn = 6.67e-4, dpn = 7e6;
    Netlist n = heldPorts("ServoValve", {{"Q_n", qn}, {"dp_n", dpn}}, {}, 1.0,
                          {{"P", 1e7}, {"A", 1e7 - dpn / 2}, {"B", dpn / 2}, {"T", 0.0}});
    const std::vector<double> q = lastFlows(n, {"P", "B"}, 0.1);
    QVERIFY2(std::abs(q[0] / qn - 1.0) < 1e-6, qPrintable(QString::number(q[0] / qn)));
    QVERIFY2(std::abs(q[1] / qn - 1.0) < 1e-6, qPrintable(QString::number(q[1] / qn)));
}

void TestSpoolValves::loadSensingOutput() {
    for (double cmd : {2e-3, -2e-3}) {
        Netlist n = heldPorts("LoadSensingValve43", {}, {}, cmd, {{"P", 1e7}, {"A", 4e6}, {"B", 3e6}, {"T", 0.0}});
        RunResult r = buildAndRun(n, {{"ls", "signal", "v.pLS"}}, runOptions(solver("rk4", 1e-5), 0.1, 1e-3));
        QVERIFY2(r.ok, r.error.c_str());
        QCOMPARE(r.trace.columns[0].back(), cmd > 0 ? 4e6 : 3e6);
    }
}

// 6/3 open centre, x_vmax 2 mm, neutral lap 0.5 mm: the C1->C2 opening is x_vmax at centre, x_vmax - (|xv| - lap)
// past the lap and 0 from x_vmax + lap on; the work edges meter as the 4/3 valve's, and nothing is lost.
void TestSpoolValves::openCentreNeutralChannel() {
    const double xvmax = 2e-3, lap = 5e-4, pc1 = 8e6, pc2 = 1e6;
    const std::vector<std::pair<std::string, double>> ports = {{"P", 1e7}, {"A", 4e6}, {"B", 3e6}, {"T", 0.0}, {"C1", pc1}, {"C2", pc2}};
    const std::map<std::string, double> num = {{"x_vmax", xvmax}, {"x_cc", lap}, {"x_pa", 0.0}, {"x_pb", 0.0}, {"x_at", 0.0}, {"x_bt", 0.0}};
    for (double cmd : {0.0, 1.5e-3, -1.5e-3, 2e-3}) {
        const std::vector<double> q = lastFlows(heldPorts("OpenCentreValve63", num, {}, cmd, ports), {"P", "A", "B", "T", "C1", "C2"});
        const double opening = xvmax - std::clamp(std::abs(cmd) - lap, 0.0, xvmax);
        const double qcc = edgeCoefficient(kCq, 1.0, kD, kRho, opening) * std::sqrt(pc1 - pc2);
        const double kw = edgeCoefficient(kCq, 1.0, kD, kRho, std::abs(cmd));
        const double qp = cmd > 0 ? kw * std::sqrt(1e7 - 4e6) : kw * std::sqrt(1e7 - 3e6);
        qInfo("xv %.4g: C1 %.6g (expected %.6g), P %.6g (expected %.6g) m3/s", cmd, q[4], qcc, q[0], qp);
        const double tol = 1e-6 * edgeCoefficient(kCq, 1.0, kD, kRho, xvmax) * std::sqrt(1e7);
        QVERIFY(std::abs(q[4] - qcc) < tol);
        QVERIFY(std::abs(q[4] + q[5]) < 1e-15);
        QVERIFY(std::abs(q[0] - qp) < tol);
        QVERIFY(std::abs(q[0] + q[1] + q[2] + q[3]) < 1e-15);
    }
}

QTEST_GUILESS_MAIN(TestSpoolValves)
// Underlapped centre, P at 10 MPa and T at 0.1 MPa held, A and B on TLM volumes at 0.1 MPa.
// Each edge alone: the A->T edge sees A's wave 0.1 MPa against T's 0.1 MPa, so no flow reaches T
// in the first step (Hopsan's HydraulicCylinderQTest2 logs exactly 0 there), and P->A obeys its
// law at the port pressure it produced; coupled, A's pressure rises with the P->A inflow first
// and A->T passes a flow.
void TestSpoolValves::edgesAloneFirstStep() {
    const double dt = 1e-3, lap = -1e-6, pp = 1e7, pt = 1e5;
    const std::map<std::string, double> held = {{"P", pp}, {"T", pt}};
    const std::map<std::string, std::pair<double, double>> vols = {{"A", {1e-4, 1e5}}, {"B", {1e-4, 1e5}}};
    const std::vector<double> alone = firstStep(tlmValve("each edge alone (Hopsan)", lap, held, vols, dt), dt);
    const std::vector<double> coupled = firstStep(tlmValve("coupled", lap, held, vols, dt), dt);
    const double k = edgeCoefficient(kCq, 1.0, kD, kRho, -lap);
    enum { pP, qP, pA, qA, pB, qB, pT, qT };
    qInfo("alone: pA %.8g qA %.6g qT %.6g; coupled: pA %.8g qA %.6g qT %.6g", alone[pA], alone[qA], alone[qT], coupled[pA],
          coupled[qA], coupled[qT]);
    QCOMPARE(alone[qT], 0.0);
    QVERIFY(alone[pA] > 1.1e5);  // the P->A inflow alone raised the port
    QVERIFY2(std::abs(-alone[qA] / (k * std::sqrt(pp - alone[pA])) - 1.0) < 1e-12, qPrintable(QString::number(alone[qA])));
    QCOMPARE(alone[qA], alone[qB]);  // symmetric centre
    QVERIFY(std::abs(alone[qP] + alone[qA] + alone[qB] + alone[qT]) < 1e-18);
    QVERIFY(coupled[qT] < -1e-7);  // coupled: A->T passes flow in the same step
    QVERIFY(coupled[pA] < alone[pA]);
}

// P on a small TLM volume at 1 MPa, A, B and T held at 0 Pa, large underlaps: each P edge alone
// would draw nearly the whole 1 MPa from P's wave, so the two together put P below 0 Pa. Hopsan's
// rule then takes P at c = 0, Z = 0: P sits at 0 Pa and, with every other port at 0 Pa, nothing flows.
void TestSpoolValves::edgesAloneCavitation() {
    const double dt = 1e-3, lap = -1e-3;
    const std::map<std::string, double> held = {{"A", 0.0}, {"B", 0.0}, {"T", 0.0}};
    const std::map<std::string, std::pair<double, double>> vols = {{"P", {1e-6, 1e6}}};
    const std::vector<double> alone = firstStep(tlmValve("each edge alone (Hopsan)", lap, held, vols, dt), dt);
    const std::vector<double> coupled = firstStep(tlmValve("coupled", lap, held, vols, dt), dt);
    enum { pP, qP, pA, qA, pB, qB, pT, qT };
    qInfo("alone: pP %.6g qP %.6g; coupled: pP %.6g qP %.6g", alone[pP], alone[qP], coupled[pP], coupled[qP]);
    QCOMPARE(alone[pP], 0.0);
    for (int q : {qP, qA, qB, qT}) QCOMPARE(alone[q], 0.0);
    QVERIFY(coupled[pP] > 0.0 && coupled[qP] > 1e-7);  // coupled: a positive pressure and a real flow
}

#include "test_spool_valves.moc"
