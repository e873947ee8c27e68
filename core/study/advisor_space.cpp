// SPDX-License-Identifier: GPL-3.0-or-later
#include "advisor_space.h"

#include <cmath>

#include "sim/registry.h"

namespace hs::study {

namespace {

QString num(double v) { return QString::number(v, 'g', 3); }

QString methodLabel(const QString& id, const QString& variant) { return variant.isEmpty() ? id : id + " " + variant; }

}  // namespace

std::vector<std::pair<QString, model::MethodDoc>> methodVariants(const sim::MethodSpec& spec, int depth) {
    std::vector<std::pair<QString, model::MethodDoc>> out;
    model::MethodDoc base;
    base.method = QString::fromStdString(spec.id);
    out.push_back({QString(), base});
    if (depth < 1) return out;
    for (const auto& p : spec.params) {
        if (p.kind != sim::ParamKind::Choice) continue;
        for (size_t k = 0; k < p.choices.size(); ++k) {
            if (static_cast<double>(k) == p.def) continue;
            model::MethodDoc d = base;
            d.params[QString::fromStdString(p.name)] = static_cast<double>(k);
            out.push_back({QString::fromStdString(p.name + "=" + p.choices[k]), d});
        }
    }
    if (depth < 2) return out;
    for (const auto& p : spec.params) {
        if (p.kind != sim::ParamKind::Number || p.def == 0) continue;
        for (double f : {0.1, 10.0}) {
            const double v = p.def * f;
            if (v < p.min || v > p.max) continue;
            model::MethodDoc d = base;
            d.params[QString::fromStdString(p.name)] = v;
            out.push_back({QString::fromStdString(p.name) + "=" + num(v), d});
        }
    }
    return out;
}

std::vector<double> stepLadder(double lo, double hi) {
    std::vector<double> out;
    if (!(lo > 0) || !(hi > lo)) return out;
    for (int e = static_cast<int>(std::floor(std::log10(lo))) - 1; e <= static_cast<int>(std::ceil(std::log10(hi))); ++e)
        for (double m : {1.0, 2.0, 5.0}) {
            const double v = m * std::pow(10.0, e);
            const double rounded = std::stod(QString::number(v, 'g', 3).toStdString());  // 5e-05, not 5.0000000000000002e-05
            if (rounded > lo * (1 + 1e-9) && rounded <= hi * (1 + 1e-9)) out.push_back(rounded);
        }
    return out;
}

std::vector<AdvisorFamily> advisorFamilies(const sim::Registry& reg, const std::vector<AdvisorVolume>& volumes,
                                           const SpaceOptions& opt) {
    std::vector<AdvisorFamily> out;
    const std::vector<double> steps = stepLadder(opt.minStep, opt.maxStep);
    std::vector<double> tols = opt.tolerances;
    // The Newton tolerances a stepper is tried at (one entry, 0 = as it comes, when it has none).
    auto newtonTols = [&](const sim::StepperSpec& s, bool all) {
        if (s.adaptive || !s.implicit || !s.usesTolerances || opt.newtonTolerances.empty()) return std::vector<double>{0};
        return all ? opt.newtonTolerances : std::vector<double>{opt.newtonTolerances.front()};
    };
    auto withTol = [](AdvisorFamily f, double tol) {
        f.newtonTol = tol;
        if (tol > 0) f.label += ", Newton tol " + num(tol);
        return f;
    };
    for (const auto& s : reg.steppers()) {
        AdvisorFamily f;
        f.stepper = QString::fromStdString(s.name);
        f.adaptive = s.adaptive;
        f.ladder = s.adaptive ? tols : steps;
        if (f.ladder.empty()) continue;
        if (s.adaptive) f.initialStep = opt.minStep;
        f.label = f.stepper + "; integrate";
        for (double tol : newtonTols(s, true)) out.push_back(withTol(f, tol));
    }
    if (volumes.empty()) return out;
    // Guided next (the guidance's own advice at each step), then every method on the stiffest volumes.
    for (const auto& s : reg.steppers()) {
        // An implicit stepper has no stability limit: the guidance integrates every volume there,
        // which the integrate family above already is.
        if (s.adaptive || !s.supportsPressureMethods || steps.empty() || !std::isfinite(s.stabilityLimit)) continue;
        AdvisorFamily f;
        f.stepper = QString::fromStdString(s.name);
        f.ladder = steps;
        f.guided = true;
        f.label = f.stepper + "; guided";
        for (double tol : newtonTols(s, true)) out.push_back(withTol(f, tol));
    }
    // Each method's defaults on every volume count first, then its variants (the order is the
    // order of the search, which may run out of budget).
    for (const bool variants : {false, true})
        for (int k = 1; k <= static_cast<int>(volumes.size()); ++k)
            for (const sim::MethodSpec* m : reg.methods()) {
                if (m->id == "integrate") continue;  // the all-integrate families above
                const auto all = methodVariants(*m, opt.depth);
                for (size_t vi = variants ? 1 : 0; vi < (variants ? all.size() : 1); ++vi) {
                    const auto& [variant, doc] = all[vi];
                    for (const auto& s : reg.steppers()) {
                        if (s.adaptive || !s.supportsPressureMethods || steps.empty()) continue;
                        AdvisorFamily f;
                        f.stepper = QString::fromStdString(s.name);
                        f.ladder = steps;
                        QStringList ids;
                        for (int v = 0; v < k; ++v) {
                            f.methods[volumes[size_t(v)].id] = doc;
                            ids << volumes[size_t(v)].id;
                        }
                        f.label = f.stepper + "; " + ids.join("+") + " " + methodLabel(doc.method, variant);
                        for (double tol : newtonTols(s, false)) out.push_back(withTol(f, tol));
                    }
                }
            }
    return out;
}

model::SolverConfigDoc familyConfig(const AdvisorFamily& f, double rung, const std::vector<AdvisorVolume>& volumes,
                                    double duration) {
    model::SolverConfigDoc c;
    c.stepper = f.stepper;
    c.methods = f.methods;
    if (f.adaptive) {
        c.rtol = rung;
        c.atol = rung;
        if (f.initialStep > 0) c.dt = f.initialStep;
        c.name = "advisor: " + f.stepper + " rtol " + num(rung);
        c.description = "Found by hydrostiff-cli advise: " + f.label + ", rtol = atol = " + num(rung);
        return c;
    }
    c.dt = rung;
    if (f.newtonTol > 0) c.rtol = c.atol = f.newtonTol;
    QStringList held;
    if (f.guided) {
        for (const auto& v : volumes) {
            const sim::Suggestion s = sim::suggest(v.stiffness, f.stepper.toStdString(), rung, duration);
            if (s.method == "integrate") continue;
            model::MethodDoc d;
            d.method = QString::fromStdString(s.method);
            c.methods[v.id] = d;
        }
    }
    for (const auto& [id, m] : c.methods) {
        QStringList params;
        for (const auto& [k, v] : m.params) params << k + "=" + num(v);
        held << id + " " + m.method + (params.isEmpty() ? QString() : " " + params.join(" "));
    }
    c.name = "advisor: " + f.stepper + " " + num(rung) + (f.newtonTol > 0 ? " tol " + num(f.newtonTol) : QString()) +
             (held.isEmpty() ? QString() : ", " + held.join(", "));
    c.description = "Found by hydrostiff-cli advise: " + f.label + " at step " + num(rung) + " s";
    return c;
}

}  // namespace hs::study
