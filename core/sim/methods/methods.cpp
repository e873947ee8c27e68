// SPDX-License-Identifier: GPL-3.0-or-later
// The pressure methods a volume can pick, each declared once with its parameters (defaults from
// the papers) and registered here.
#include "methods.h"

#include <cmath>
#include <limits>
#include <string>

#include "../registry.h"
#include "algebraic.h"
#include "narx_method.h"
#include "pseudo_dynamic.h"
#include "tlm_volume.h"

namespace hs::sim {
namespace {

const auto num = numberParam;
const auto choice = choiceParam;

// update / on_failure: the two policy parameters every held-pressure method has.
void addPolicy(std::vector<ParamSpec>& v, bool stageOption = true) {
    if (stageOption)
        v.push_back(choice("update", {"step", "stage"}, 0,
                           "Solve once per outer step and hold during the stages (the papers' way), or at every stage"));
    v.push_back(choice("on_failure", {"stop", "continue"}, 0,
                       "When the method fails (no bracket, cap reached, NaN): stop the run, or keep the last value and count it"));
}
template <class M>
PressureMethod* withPolicy(M* m, const std::vector<double>& v, size_t first, bool stageOption = true) {
    const bool stage = stageOption && v[first] > 0.5;
    const bool cont = v[first + (stageOption ? 1 : 0)] > 0.5;
    m->setPolicy(stage, cont);
    return m;
}

// Quasi-steady and multiple scales: what the node does on a step whose balance does not pin its
// pressure (counted in the statistics either way).
const ParamSpec kBlindSpot = choiceParam(
    "indeterminate", {"root", "hold", "implicit"}, 0,
    "On a step where the node's flows vanish or its root is out of reach within the step (counted as "
    "indeterminate in the statistics): keep the balance's root (the papers' method), hold the last pressure, or "
    "take one backward-Euler step of the compressible node");

QuasiSteadyMethod::Fallback fallback(double v) {
    return v > 1.5 ? QuasiSteadyMethod::Fallback::Implicit
                   : v > 0.5 ? QuasiSteadyMethod::Fallback::Hold : QuasiSteadyMethod::Fallback::Root;
}

}  // namespace

void registerPressureMethods(Registry& r) {
    r.addMethod({"integrate", "Integrate (ODE state)",
                 "The pressure is a state of the global stepper: dp/dt = Be(p)/V*(sum Q_in - dV/dt). Exact, but a small "
                 "volume makes it stiff and forces a tiny explicit step.",
                 "Merritt; all seeds", {},
                 [](const std::vector<double>&, std::string&) -> PressureMethod* { return new IntegrateMethod(); },
                 /*needsFixedStep*/ false, /*partitions*/ true});

    std::vector<ParamSpec> pds = {
        num("V_pseudo", "m3", 1e-3, 1e-12, 10.0, "Pseudo-volume of the inner loop (papers: 10-100x the real volume; 1e-3 in Circuit 1)"),
        num("dt_inner", "s", 1e-5, 1e-12, 1.0, "Inner RK4 step"),
        num("tol", "Pa", 10.0, 1e-9, 1e9, "Converged when the pressure changes less than this in one inner step"),
        num("max_iter", "-", 100000, 1, 1e9, "Cap on inner iterations per outer step")};
    addPolicy(pds);
    r.addMethod({"pseudo_dynamic", "Pseudo-dynamic (classic)",
                 "Inner loop integrating dp/dt = Be/V_pseudo*(Q_in(p) - Q_out) with RK4 at dt_inner until the change per inner "
                 "step is below tol. Only the components feeding the node at the outer step are re-evaluated; outflows are "
                 "frozen at their outer-step values.",
                 "Aman & Handroos 2008-2010; notes/000_001 §3.2", pds,
                 [](const std::vector<double>& v, std::string&) -> PressureMethod* {
                     return withPolicy(new PseudoDynamicMethod(false, v[0], v[1], v[2], v[2], 0, static_cast<long>(v[3])), v, 4);
                 }});

    std::vector<ParamSpec> adv = {
        num("V_pseudo", "m3", 1e-3, 1e-12, 10.0, "Pseudo-volume of the inner loop (papers: 1e-3 m3, 100x V1 of Circuit 1)"),
        num("dt_inner", "s", 1e-5, 1e-12, 1.0, "Inner RK4 step (Circuit 1: 1e-5; Circuit 2: 1e-4)"),
        num("tol_high", "Pa", 300.0, 1e-9, 1e9, "Tolerance at or above the switch pressure"),
        num("tol_low", "Pa", 10.0, 1e-9, 1e9, "Tolerance below the switch pressure"),
        num("p_switch", "Pa", 22e5, -1e7, 1e9, "Switch pressure of the adaptive tolerance (22 bar in both papers' circuits)"),
        num("max_iter", "-", 100000, 1, 1e9, "Cap on inner iterations per outer step")};
    addPolicy(adv);
    r.addMethod({"advanced_pseudo_dynamic", "Advanced pseudo-dynamic (AdvPDS)",
                 "Pseudo-dynamic inner loop with every flow of the node recomputed inside it (consistency) and an adaptive "
                 "criterion: |dp| < tol_low below p_switch, < tol_high above.",
                 "Malysheva, Ustinov, Handroos 2021 (Pub I); notes/000_001 §3.3", adv,
                 [](const std::vector<double>& v, std::string&) -> PressureMethod* {
                     return withPolicy(new PseudoDynamicMethod(true, v[0], v[1], v[2], v[3], v[4], static_cast<long>(v[5])), v, 6);
                 }});

    std::vector<ParamSpec> qs = {
        choice("corrector", {"none", "compressibility"}, 0,
               "none: sum Q(p) = 0 (pure singular perturbation). compressibility: adds back the flow V/Be*dp/dt that "
               "compresses the oil, discretised implicitly (then equal to local_implicit backward Euler; the paper's own "
               "corrector is not published)"),
        num("tol", "Pa", 1.0, 1e-9, 1e7, "Pressure tolerance of the Newton solve"),
        num("max_iter", "-", 60, 1, 1e6, "Cap on Newton iterations")};
    addPolicy(qs);
    qs.push_back(kBlindSpot);
    r.addMethod({"quasi_steady", "Quasi-steady (singular perturbation)",
                 "The node is algebraic: solve sum Q(p) - dV/dt = 0 on the node's own flows by bracketing and safeguarded "
                 "Newton. Works for any number of connected components; for two turbulent orifices it equals "
                 "p = (p_out + alpha*p_in)/(1 + alpha), alpha = (K_in/K_out)^2.",
                 "Kiani-Oshtorjani et al. 2019; notes/000_001 §3.4", qs,
                 [](const std::vector<double>& v, std::string&) -> PressureMethod* {
                     return withPolicy(new QuasiSteadyMethod(false, v[0] > 0.5, v[1], static_cast<int>(v[2]), fallback(v[5])), v, 3);
                 }});

    std::vector<ParamSpec> mms = {num("tol", "Pa", 1.0, 1e-9, 1e7, "Pressure tolerance of the Newton solve"),
                                  num("max_iter", "-", 60, 1, 1e6, "Cap on Newton iterations")};
    addPolicy(mms);
    mms.push_back(kBlindSpot);
    r.addMethod({"multiple_scales", "Multiple scales (MMS)",
                 "Quasi-steady pressure plus the printed first-order correction of Pub II eq. 21: "
                 "p = p0 - (1/t)(8V/Be)[Q_in/(p_up - p0) + Q_out/(p0 - p_down)]^-1 = p0 - 4V/(Be*G*t). Only for a volume "
                 "with one inlet and one outlet; the statistics report the largest correction applied.",
                 "Kiani-Oshtorjani, Ustinov et al. 2020 (Pub II); notes/000_001 §3.5", mms,
                 [](const std::vector<double>& v, std::string&) -> PressureMethod* {
                     return withPolicy(new QuasiSteadyMethod(true, false, v[0], static_cast<int>(v[1]), fallback(v[4])), v, 2);
                 }});

    std::vector<ParamSpec> li = {
        choice("scheme", {"backward_euler", "trapezoidal"}, 0, "Implicit rule applied to this node"),
        num("tol", "Pa", 1.0, 1e-9, 1e7, "Pressure tolerance of the Newton solve"),
        num("max_iter", "-", 60, 1, 1e6, "Cap on Newton iterations")};
    addPolicy(li, false);
    r.addMethod({"local_implicit", "Local implicit",
                 "Backward Euler (or trapezoidal) on this node only, with a scalar Newton solve per outer step; the rest of "
                 "the circuit stays explicit and frozen during the solve. The value found is held during the step.",
                 "Semi-implicit split as in Simscape-style solvers", li,
                 [](const std::vector<double>& v, std::string&) -> PressureMethod* {
                     return withPolicy(new LocalImplicitMethod(v[0] > 0.5, v[1], static_cast<int>(v[2])), v, 3, false);
                 }});

    std::vector<ParamSpec> narx = {
        textParam("model", "", "The trained NARX model file (hydrostiff-cli learn narx writes it; a relative path is relative to "
                               "the circuit file)"),
        num("margin", "-", 0.1, 0.0, 1e6,
            "Out-of-range guard: a step whose newest input or predicted pressure lies outside its training range by more "
            "than this fraction of the range is solved by the fallback and counted"),
        choice("fallback", {"quasi_steady", "backward_euler", "stop"}, 0,
               "What solves a guarded step: the quasi-steady root of the node's flows, one backward-Euler step of the "
               "compressible node, or stop the run"),
        num("tol", "Pa", 1.0, 1e-9, 1e7, "Pressure tolerance of the fallback's Newton solve"),
        num("max_iter", "-", 60, 1, 1e6, "Cap on the fallback's Newton iterations")};
    addPolicy(narx, false);
    {
        MethodSpec m{"narx", "NARX surrogate (learned)",
                     "A trained NARX network replaces the continuity equation of this volume (Pub III): each fixed step, "
                     "p(k+1) = net(q_in, q_out, Be, V at k..k-d+1; p at k..k-d+1), the inputs being the node's flows evaluated "
                     "at its last pressure; closed loop. The step must equal the model's sample interval. Inputs outside the "
                     "training range (by more than margin) fall back to the chosen solve and are counted.",
                     "Ustinov, Wu, Handroos 2022 (Pub III); notes/000_001 §3.6", narx, nullptr};
        m.createWithText = [](const std::vector<double>& v, const std::vector<std::string>& text,
                              std::string& e) -> PressureMethod* {
            if (text[0].empty()) {
                e = "narx: no model file given (parameter 'model'; train one with hydrostiff-cli learn narx)";
                return nullptr;
            }
            learn::NarxModel model;
            if (!learn::loadNarxModel(text[0], model, e)) return nullptr;
            const auto fb = v[2] > 1.5 ? NarxMethod::Fallback::Stop
                                       : v[2] > 0.5 ? NarxMethod::Fallback::BackwardEuler : NarxMethod::Fallback::QuasiSteady;
            return withPolicy(new NarxMethod(std::move(model), v[1], fb, v[3], static_cast<int>(v[4])), v, 5, false);
        };
        r.addMethod(m);
    }

    std::vector<ParamSpec> tlm = {
        num("alpha", "-", 0.2, 0.0, 0.95, "Wave filter coefficient (0.2 in the thesis; 0 = lossless, undamped resonances)"),
        choice("filter", {"characteristic", "pressure", "characteristic, Hopsan's waves"}, 0,
               "characteristic: filter the arriving wave (Krus et al. 1990, eq. 2.26); pressure: filter only its pressure "
               "part (the thesis' Ch. 6 filter, eqs. 6.1-6.5, closer in phase to the trapezoidal rule); characteristic, "
               "Hopsan's waves: the characteristic filter with each port's leaving wave formed from its held wave and "
               "flow, c + 2 Z q, as Hopsan's volumes, instead of from its pressure, p + Z q (the same where a component "
               "writes p = c + Z q; not where it holds a cavitating port at 0 Pa)"),
        num("exchange", "steps", 1, 1, 10000,
            "Exchange interval n (notes §3.7): the waves across this volume are exchanged every n-th step with "
            "Z* = n*Z', filtered once per exchange and interpolated linearly in between (a line of delay n*dt); 1 = every "
            "step, the standard scheme"),
        choice("start", {"solved", "Hopsan start values"}, 0,
               "solved: the waves of the second step leave the ports with the pressures and flows solved at the start "
               "time; Hopsan start values: the first step is Hopsan's initialisation (Hopsan logs its start values at t0 "
               "and takes its first step at t0 + dt), so the second step's waves are the start values (p0, no flow) and "
               "the ports' solves at t0 + k dt are Hopsan's k-th step")};
    r.addMethod({"tlm", "Transmission line (TLM)",
                 "The volume becomes a C-type TLM element: each connected port sees a Thevenin source p = c - Z*q whose wave c "
                 "left the other ports one step earlier, Z = (N/2)*Be*dt/(V*(1-alpha)) for N flow ports (N = 2: the thesis' "
                 "Zc = Be*dt/V). The components are solved against these sources (closed forms for orifices, relief valve, "
                 "flow source, TLM line, compensator, throttle and on/off valve; a bracketed root or Newton otherwise). Explicit and stable at any step; the price "
                 "is a parasitic inertance Be*dt^2/V, shown with the parasitic pressure as probes (ppar, "
                 "parasitic_inertance).",
                 "Krus et al. 1990; Pollmeier (notes/003 §1.3-1.9); Hopsan", tlm,
                 [](const std::vector<double>& v, std::string& e) -> PressureMethod* {
                     if (v[2] != std::floor(v[2])) {
                         e = "tlm: exchange must be a whole number of steps, not " + std::to_string(v[2]);
                         return nullptr;
                     }
                     if (v[1] > 1.5 && v[2] > 1.5) {
                         e = "tlm: filter \"characteristic, Hopsan's waves\" needs exchange = 1 (Hopsan exchanges every step)";
                         return nullptr;
                     }
                     return new TlmVolumeMethod(v[0], v[1] > 1.5   ? TlmVolumeMethod::Filter::HopsanWaves
                                                       : v[1] > 0.5 ? TlmVolumeMethod::Filter::Pressure
                                                                    : TlmVolumeMethod::Filter::Characteristic,
                                                static_cast<int>(v[2]), v[3] > 0.5);
                 },
                 /*needsFixedStep*/ true, /*partitions*/ true});
}

}  // namespace hs::sim
