// SPDX-License-Identifier: GPL-3.0-or-later
// Transmission line (notes/003 §1.2, §1.4): a lossless pipe whose ends exchange the wave
// variables c = p + Zc*q after the physical delay T = L/c, optionally through the alpha filter
// (with Z' = Zc/(1 - alpha) so that the line keeps its capacitance) and split into segments,
// each filtered at its end (the method of characteristics when there are many). Each end is a
// Thevenin source p = c + Z'*q (q into the line) held during the step; delays that are not a
// whole number of steps are interpolated linearly between the stored waves (needs T >= dt per
// segment). Its inertance rho*L/A is the pipe's own, so it has no parasitic pressure.
// Hopsan's C-type line ends (docs/components.md, "Hopsan's C-type line ends"): an end whose node
// has a Hopsan Q-type neighbour sends that neighbour's p + Z'*q (stepPressureFlow), and with
// start = Hopsan start values the first wave of an end without one is p0 (no flow).
#include <cmath>
#include <numbers>
#include <vector>

#include "../component.h"
#include "../registry.h"
#include "library.h"

namespace hs::sim {
namespace {

class TlmLine final : public Component {
public:
    std::string configure(const ParamSet& p, const Fluid& f) override {
        const double d = p.num("d"), len = p.num("L");
        if (!(d > 0)) return "parameter 'd' (diameter) must be positive";
        if (!(len > 0)) return "parameter 'L' (length) must be positive";
        p0_ = p.num("p0");
        const double rho = p.num("rho") > 0 ? p.num("rho") : f.density;
        const double be = p.num("Be") > 0 ? p.num("Be") : f.bulk(p0_);
        alpha_ = p.num("alpha");
        hopsanStart_ = p.choice("start") == 1;
        segments_ = static_cast<int>(std::lround(p.num("segments")));
        const double area = std::numbers::pi * d * d / 4.0, speed = std::sqrt(be / rho);
        zc_ = rho * speed / area;
        z_ = zc_ / (1.0 - alpha_);
        delay_ = len / speed;
        inertance_ = rho * len / area;
        return {};
    }
    bool hasStepUpdate() const override { return true; }
    double inertance() const override { return inertance_; }
    void resetDiscrete() override {
        cA_ = cB_ = p0_;
        hist_.assign(2 * static_cast<size_t>(segments_), {});  // per direction and segment
        filt_.assign(2 * static_cast<size_t>(segments_), p0_);
        step_[0] = step_[1] = 0;
        dt_ = 0;
    }
    void eval(Eval& e) override {
        setFlow(e, 0, (P(e, 0) - cA_) / z_);
        setFlow(e, 1, (P(e, 1) - cB_) / z_);
    }
    // End k against a Thevenin source (c[k], z[k]): p = (Z'*c + z*c_line)/(Z' + z).
    bool solveThevenin(Eval& e, const double* c, const double* z) override {
        if (z[0] > 0) setPortPressure(e, 0, (z_ * c[0] + z[0] * cA_) / (z_ + z[0]));
        if (z[1] > 0) setPortPressure(e, 1, (z_ * c[1] + z[1] * cB_) / (z_ + z[1]));
        return true;
    }
    std::string prepareStep(double dt) override {
        if (dt_ == dt) return {};
        const double steps = delay_ / segments_ / dt;
        if (steps < 1.0 - 1e-9)
            return "line delay L/c per segment (" + std::to_string(delay_ / segments_) + " s) is shorter than the step (" +
                   std::to_string(dt) + " s); use fewer segments, a longer line or a smaller step";
        dt_ = dt;
        steps_ = std::max(steps, 1.0);
        const size_t len = static_cast<size_t>(std::ceil(steps_)) + 3;
        for (auto& h : hist_) h.assign(len, p0_);
        return {};
    }
    std::string stepUpdate(Eval& e, double dt) override {
        if (dt_ == 0) {
            std::string err = prepareStep(dt);
            if (!err.empty()) return err;
        }
        // Waves leaving both ends at this step: w = p + Z'*q with q = (p - c)/Z' into the line.
        const double wA = leavingWave(e, 0, cA_);
        const double wB = leavingWave(e, 1, cB_);
        send(0, wA, step_[0]);
        send(static_cast<size_t>(segments_), wB, step_[1]);
        cB_ = receive(0, step_[1]);
        cA_ = receive(static_cast<size_t>(segments_), step_[0]);
        ++step_[0];
        ++step_[1];
        return {};
    }
    // A cut at the line: end k sends its wave and takes the one arriving from the far end. The
    // far end's store of this step must not be needed: the sample read at step n is at index
    // n + 1 - T/dt, stored one step ahead in the later segments, so a line of one segment needs
    // a delay of 2 steps, one of several segments 1 step per segment.
    bool splittable(double dt) const override {
        const double steps = delay_ / segments_ / dt;
        return steps >= (segments_ > 1 ? 1.0 : 2.0) - 1e-9;
    }
    int endOfPort(int port) const override { return port; }
    void evalEnd(Eval& e, int end) override {
        if (end == 0) setFlow(e, 0, (P(e, 0) - cA_) / z_);
        else setFlow(e, 1, (P(e, 1) - cB_) / z_);
    }
    std::string stepUpdateEnd(Eval& e, double, int end) override {
        // prepareStep() ran before the first step (the system calls it for partitioned runs)
        if (end == 0) {
            send(0, leavingWave(e, 0, cA_), step_[0]);
            cA_ = receive(static_cast<size_t>(segments_), step_[0]);
        } else {
            send(static_cast<size_t>(segments_), leavingWave(e, 1, cB_), step_[1]);
            cB_ = receive(0, step_[1]);
        }
        ++step_[end];
        return {};
    }

private:
    // The wave leaving end k: p + Z'*q with q = (p - c)/Z' into the line, or the (p, q) a Hopsan
    // Q-type neighbour writes (stepPressureFlow); with start = Hopsan start values the first
    // step's is formed from p0 and no flow unless such a neighbour computed its start.
    double leavingWave(const Eval& e, int k, double c) const {
        double p = 0, q = 0;
        if (neighbourPressureFlow(e, k, p, q)) return p + z_ * q;
        if (hopsanStart_ && step_[k] == 0) return p0_;
        return 2.0 * P(e, k) - c;
    }
    // One direction of the line, segments first .. first+segments-1: send() pushes the wave
    // entering the first segment at step n through every segment but the last (delay and
    // filter) and stores it in the last one; receive() returns the wave arriving at the far
    // end at step n+1, after the last segment's delay and filter.
    void send(size_t first, double in, long step) {
        double x = in;
        for (int s = 0; s + 1 < segments_; ++s) {
            store(first + static_cast<size_t>(s), s, x, step);
            x = sampleFiltered(first + static_cast<size_t>(s), step);
        }
        store(first + static_cast<size_t>(segments_ - 1), segments_ - 1, x, step);
    }
    double receive(size_t first, long step) { return sampleFiltered(first + static_cast<size_t>(segments_ - 1), step); }
    void store(size_t seg, int s, double x, long step) {
        auto& h = hist_[seg];
        const long stored = step + (s == 0 ? 0 : 1);  // later segments are fed one step ahead
        h[static_cast<size_t>(stored) % h.size()] = x;
    }
    double sampleFiltered(size_t seg, long step) {
        const auto& h = hist_[seg];
        // Value that entered at time t_{n+1} - T_seg, between stored indices.
        const double at = static_cast<double>(step + 1) - steps_;
        const double lo = std::floor(at), frac = at - lo;
        auto sample = [&](double idx) { return idx < 0 ? p0_ : h[static_cast<size_t>(idx) % h.size()]; };
        const double raw = frac == 0 ? sample(lo) : (1 - frac) * sample(lo) + frac * sample(lo + 1);
        double& f = filt_[seg];
        f = alpha_ * f + (1.0 - alpha_) * raw;
        return f;
    }

    double p0_ = 0, alpha_ = 0, inertance_ = 0, zc_ = 1, z_ = 1, delay_ = 0, dt_ = 0, steps_ = 1, cA_ = 0, cB_ = 0;
    int segments_ = 1;
    bool hopsanStart_ = false;
    long step_[2] = {0, 0};  // per end: the ends of a cut line advance on different threads
    std::vector<std::vector<double>> hist_;
    std::vector<double> filt_;
};

}  // namespace

void registerTlmLine(Registry& r) {
    r.add(SpecBuilder("TlmLine", "Lines", "Transmission line (TLM)")
              .describe("Pipe with its physical wave delay T = L/c: the ends exchange the waves c = p + Zc*q after T "
                        "(transmission line modelling). Lossless with alpha = 0; alpha > 0 adds the first-order filter "
                        "of Krus et al. with Z' = Zc/(1 - alpha). Needs a fixed-step run with dt <= T/segments.")
              .equations("p_A(t) = c_A(t) + Z'*q_A(t),  c_A(t) = p_B(t-T) + Z'*q_B(t-T)  (q into the line)\n"
                         "c = sqrt(Be/rho), Zc = rho*c/A, T = L/c, Z' = Zc/(1-alpha)\n"
                         "filter per segment: c' = alpha*c'_prev + (1-alpha)*c\n"
                         "Hopsan Q-type neighbour (p_Q, q_Q): the end sends p_Q + Z'*q_Q")
              .source("notes/003 §1.2 (eqs. 2.5-2.6), §1.4 (eqs. 2.25-2.27)")
              .hydraulic("A", "End A")
              .hydraulic("B", "End B")
              .param("L", "m", 1.0, 0.0, 1e5, "Length")
              .param("d", "m", 0.01, 0.0, 10.0, "Inner diameter")
              .param("Be", "Pa", 0.0, 0.0, 1e11, "Effective bulk modulus (0 = the fluid's at p0)")
              .param("rho", "kg/m3", 0.0, 0.0, 5000.0, "Density (0 = the fluid's)")
              .param("alpha", "-", 0.0, 0.0, 0.99, "Wave filter coefficient (0 = lossless; 0.2 in the thesis)")
              .param("segments", "-", 1, 1, 10000, "Number of segments, each with delay T/segments and its own filter")
              .param("p0", "Pa", 0.0, -1e7, 1e9, "Initial pressure along the line (equal to the adjoining volumes' to start at rest)")
              .choice("start", {"solved", "Hopsan start values"}, 0,
                      "Waves of the first step: from the solve at t0, or (Hopsan) from p0 and no flow at each end, "
                      "except where a Hopsan Q-type neighbour computed its start (the import's choice)")
              .factory<TlmLine>());
}

}  // namespace hs::sim
