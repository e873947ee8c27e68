// SPDX-License-Identifier: GPL-3.0-or-later
// Pressure source, flow source, tank and the N-port volume.
#include <algorithm>
#include <cmath>

#include "../component.h"
#include "../registry.h"
#include "library.h"
#include "../equations/sources.h"
#include "../kernel/kernel_emitter.h"

namespace hs::sim {
namespace {

constexpr double kInf = std::numeric_limits<double>::infinity();

// Ideal pressure source (pump + accumulator + relief valve lumped, as in the seeds): sets the
// pressure of its node to p, or to the signal at input 'p' when that is connected.
class PressureSource final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        p_ = p.num("p");
        return {};
    }
    bool imposesPressure(int) const override { return true; }
    bool isStatic() const override { return !isConnected(1); }
    void eval(Eval& e) override { eq::pressureSource({p_}, EvalIo{*this, e}); }
    bool emitKernel(KernelEmitter& k) const override {
        return k.call("sim/equations/sources.h", "hs::sim::eq::pressureSource",
                      k.constant(eq::PressureSourceParams{p_}, "hs::sim::eq::PressureSourceParams"));
    }
    bool jacobian(const Eval&, JacobianSink& j) const override {
        if (isConnected(1)) j.add(PartialOut::Pressure, 0, PartialIn::Signal, 1, 1.0);
        return true;
    }

private:
    double p_ = 0;
};

class Tank final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        p_ = p.num("p");
        return {};
    }
    bool imposesPressure(int) const override { return true; }
    bool isStatic() const override { return true; }
    void eval(Eval& e) override {
        e.p[node[0]] = p_;
        setFlow(e, 0, 0.0);
    }

private:
    double p_ = 0;
};

// Ideal flow source: pushes Q into its node (input 'Q' overrides the parameter). With clamp =
// Hopsan pressure clamp it is Hopsan's Q-type flow source (HydraulicFlowSourceQ): against a
// Thevenin source (c, Z) it writes p = max(c + Z*Q, 0) and keeps the flow Q, so where it clamps
// the flow it delivers is not the one the pressure implies (not conservative). The C-type end of
// a line on its node exchanges that (p, Q) (stepPressureFlow); the node itself is balanced.
class FlowSource final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid&) override {
        q_ = p.num("Q");
        clamp_ = p.choice("clamp") == 1;
        return {};
    }
    void eval(Eval& e) override { setFlow(e, 0, -flow(e)); }
    bool jacobian(const Eval&, JacobianSink& j) const override {
        if (isConnected(1)) j.flow(0, PartialIn::Signal, 1, -1.0);
        return true;
    }
    // Into a TLM node: the flow is given, the port pressure follows (notes/003 eq. 2.7).
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (z[0] > 0) {
            const double p = c[0] + z[0] * flow(e);
            setPortPressure(e, 0, clamp_ ? std::max(p, 0.0) : p);
        }
        return true;
    }
    bool stepPressureFlow(const Eval& e, int port, double& p, double& q) const override {
        if (!clamp_ || port != 0) return false;
        p = std::max(P(e, 0), 0.0);
        q = flow(e);
        return true;
    }

private:
    double flow(const Eval& e) const { return isConnected(1) ? in(e, 1) : q_; }
    double q_ = 0;
    bool clamp_ = false;
};

// Lumped volume: the capacitance of its node. All its ports are the same node.
class Volume final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid& f) override {
        v_ = p.num("V");
        p0_ = p.num("p0");
        override_ = p.choice("bulk_modulus") == 1;
        be_ = f.bulk;
        be_.model = BulkModulus::Model::Constant;
        be_.value = p.num("Be");
        if (!(v_ > 0)) return "volume V must be positive";
        return {};
    }
    double constantVolume(int) const override { return v_; }
    std::optional<double> initialPressure(int) const override { return p0_; }
    const BulkModulus* bulkModulus(int) const override { return override_ ? &be_ : nullptr; }
    bool isStatic() const override { return true; }
    void eval(Eval& e) override {
        for (int k = 0; k < 4; ++k) setFlow(e, k, 0.0);
    }

private:
    double v_ = 0, p0_ = 0;
    bool override_ = false;
    BulkModulus be_;
};

}  // namespace

void registerHydraulicSources(Registry& r) {
    r.add(SpecBuilder("PressureSource", "Sources", "Pressure source")
              .describe("Ideal pressure source: holds its node at pressure p whatever flow is drawn. "
                        "Represents pump, accumulator and relief valve lumped together, as in the seeds.")
              .equations("p_node = p   (or the signal at input p when connected)")
              .source("Ustinov 2023 §3.1 (notes/000_001 §1.1)")
              .hydraulic("P", "Pressure port")
              .input("p", "Pressure command [Pa] (overrides the parameter)", true)
              .param("p", "Pa", 1e7, -1e5, 1e9, "Supply pressure")
              .factory<PressureSource>());
    r.add(SpecBuilder("Tank", "Sources", "Tank")
              .describe("Reservoir at constant pressure.")
              .equations("p_node = p_t")
              .source("notes/000_001 §1.1")
              .hydraulic("P", "Tank port")
              .param("p", "Pa", 0.0, -1e5, 1e8, "Tank pressure")
              .factory<Tank>());
    r.add(SpecBuilder("FlowSource", "Sources", "Flow source")
              .describe("Ideal flow source: pushes the flow Q into its node.")
              .equations("Q_into_node = Q   (or the signal at input Q when connected)\n"
                         "clamp = Hopsan: against a wave (c, Z): p = max(c + Z*Q, 0), flow Q kept")
              .source("notes/003 §1.7 (flow source of the relief-valve line example); clamp: Hopsan's "
                      "HydraulicFlowSourceQ (componentLibraries/defaultLibrary/Hydraulic)")
              .hydraulic("P", "Outlet")
              .input("Q", "Flow command [m3/s] (overrides the parameter)", true)
              .param("Q", "m3/s", 1e-4, -kInf, kInf, "Flow into the node")
              .choice("clamp", {"none", "Hopsan pressure clamp (not conservative)"}, 0,
                      "Hopsan's Q-type source: the pressure it writes against a TLM wave is max(c + Z*Q, 0) while the "
                      "flow stays Q (the import's choice; docs/components.md, \"Flow source\")")
              .factory<FlowSource>());
    r.add(SpecBuilder("Volume", "Volumes", "Volume")
              .describe("Lumped oil volume: the capacitance of the node it sits on. Up to four ports, all one node. "
                        "Small volumes are what make circuits stiff; pick how each one's pressure is solved in the solver configuration.")
              .equations("dp/dt = Be(p)/V_total * (sum Q_in - dV/dt),  V_total = sum of volumes on the node")
              .source("Merritt continuity equation; notes/000_001 §0")
              .hydraulic("P1", "Port 1")
              .hydraulic("P2", "Port 2", true)
              .hydraulic("P3", "Port 3", true)
              .hydraulic("P4", "Port 4", true)
              .connectInternally({"P1", "P2", "P3", "P4"})
              .hostsPressureMethod()
              .param("V", "m3", 1e-5, 0.0, 10.0, "Volume")
              .param("p0", "Pa", 0.0, -1e5, 1e9, "Initial pressure")
              .choice("bulk_modulus", {"fluid", "constant"}, 0, "Bulk modulus: the circuit fluid's, or a constant for this volume")
              .param("Be", "Pa", 1.5e9, 1e6, 1e11, "Constant bulk modulus (when bulk_modulus = constant)")
              .factory<Volume>());
}

}  // namespace hs::sim
