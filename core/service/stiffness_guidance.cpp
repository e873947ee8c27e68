// SPDX-License-Identifier: GPL-3.0-or-later
#include "stiffness_guidance.h"

#include <atomic>
#include <chrono>

#include "sim/builder.h"
#include "sim/system.h"

namespace hs::service {

const VolumeGuidance* Guidance::volume(const std::string& id) const {
    for (const auto& v : volumes)
        if (v.stiffness.name == id) return &v;
    return nullptr;
}

sim::SolverSettings samplingSolver(const model::SolverConfigDoc& cfg, bool fixedStep) {
    sim::SolverSettings s = model::toSolverSettings(cfg);
    s.methods.clear();
    s.defaultMethod = {};
    s.threads = 1;
    s.partition.clear();
    s.stepper = fixedStep ? "sdirk2" : "cvode";
    s.dt = fixedStep ? cfg.dt : 1e-6;
    s.rtol = s.atol = 1e-6;
    s.maxStep = 0;
    return s;
}

Guidance guideConfiguration(const model::Circuit& c, const sim::Registry& reg, const QString& config,
                            const GuidanceOptions& options) {
    Guidance g;
    const model::SolverConfigDoc* cfg = c.config(config);
    if (!cfg) cfg = c.reference();
    if (!cfg) {
        g.error = QObject::tr("no solver configuration to advise on");
        return g;
    }
    g.config = cfg->name;
    g.stepper = cfg->stepper;
    g.dt = cfg->dt;
    g.duration = options.duration > 0 ? options.duration : c.duration;
    g.samples = std::max(1, options.samples);
    sim::SolverSettings sampler = samplingSolver(*cfg);
    sim::BuildResult built = sim::build(reg, model::toNetlist(c), sampler);
    if (!built.ok()) {
        // Components that advance once per fixed step (TLM lines) refuse CVODE.
        const sim::BuildResult fixed = sim::build(reg, model::toNetlist(c), samplingSolver(*cfg, true));
        if (!fixed.ok()) {
            g.error = QObject::tr("the circuit does not compile yet: %1").arg(QString::fromStdString(built.errors.front()));
            return g;
        }
        sampler = samplingSolver(*cfg, true);
        built = sim::build(reg, model::toNetlist(c), sampler);
    }
    g.sampler = QString::fromStdString(sampler.stepper);
    sim::RunOptions opt;
    opt.duration = g.duration;
    opt.recordInterval = g.duration / g.samples;
    opt.solver = sampler;
    std::atomic<bool> stop{false};
    const auto wall0 = std::chrono::steady_clock::now();
    if (options.wallBudget > 0) {
        opt.stop = &stop;
        opt.progress = [&](double) {
            if (std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count() > options.wallBudget) stop = true;
        };
    }
    const sim::StiffnessAlongRun run = sim::sampleStiffness(*built.system, opt);
    if (run.stopped)
        g.runNote = QObject::tr("sampled the first %1 s of %2 s only (time budget %3 s): the advice rests on that part")
                        .arg(run.reached).arg(g.duration).arg(options.wallBudget);
    else if (!run.ok)
        g.runNote = QObject::tr("the sampling run (%1, every volume integrated) failed: %2; the advice rests on the "
                                "states before the failure")
                        .arg(g.sampler, QString::fromStdString(run.error));
    const sim::SolverSettings own = model::toSolverSettings(*cfg);
    for (const auto& v : run.volumes) {
        VolumeGuidance vg;
        vg.stiffness = v;
        vg.suggestion = sim::suggest(v, own.stepper, own.dt, g.duration);
        const auto it = own.methods.find(v.name);
        vg.currentMethod = it != own.methods.end() ? it->second.method : own.defaultMethod.method;
        g.volumes.push_back(std::move(vg));
    }
    g.ok = true;
    return g;
}

}  // namespace hs::service
