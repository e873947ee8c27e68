// SPDX-License-Identifier: GPL-3.0-or-later
#include "parameter_space.h"

#include <QStringList>
#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

#include "sim/registry.h"

namespace hs::study {

namespace {

std::optional<double> number(const QString& s) {
    bool ok = false;
    const double v = s.trimmed().toDouble(&ok);
    if (!ok || !std::isfinite(v)) return std::nullopt;
    return v;
}

// u in [0, 1] mapped onto the axis range (geometrically for a log axis).
double onRange(const ParameterAxis& a, double u) {
    if (a.logScale) return a.lo * std::pow(a.hi / a.lo, u);
    return a.lo + (a.hi - a.lo) * u;
}

// Uniform in [0, 1) from the generator, the same on every platform (std::uniform_real_distribution
// is not specified bit for bit).
double unit(std::mt19937_64& g) { return static_cast<double>(g() >> 11) * 0x1.0p-53; }

}  // namespace

std::optional<ParameterAxis> parseAxis(const QString& text, QString* error) {
    auto fail = [&](const QString& why) {
        *error = "parameter '" + text + "': " + why;
        return std::nullopt;
    };
    const int eq = text.indexOf('=');
    if (eq <= 0) return fail("write component.parameter=lo:hi:count or component.parameter=v1,v2,...");
    const QString key = text.left(eq).trimmed();
    const int dot = key.indexOf('.');
    if (dot <= 0 || dot == key.size() - 1) return fail("the name must be component.parameter (e.g. comp.C5)");
    ParameterAxis a;
    a.component = key.left(dot);
    a.parameter = key.mid(dot + 1);
    const QString spec = text.mid(eq + 1).trimmed();
    if (spec.contains(':')) {
        const QStringList f = spec.split(':');
        if (f.size() < 3 || f.size() > 4 || (f.size() == 4 && f[3].trimmed() != "log"))
            return fail("a range is lo:hi:count or lo:hi:count:log");
        auto lo = number(f[0]), hi = number(f[1]);
        bool ok = false;
        const int count = f[2].trimmed().toInt(&ok);
        if (!lo || !hi) return fail("lo and hi must be numbers");
        if (!ok || count < 1) return fail("count must be a whole number >= 1");
        if (count == 1 && *lo != *hi) return fail("count 1 needs lo = hi");
        a.range = true;
        a.lo = *lo;
        a.hi = *hi;
        a.logScale = f.size() == 4;
        if (a.logScale && (a.lo <= 0 || a.hi <= 0)) return fail("a log range needs lo > 0 and hi > 0");
        for (int i = 0; i < count; ++i) a.values.push_back(count == 1 ? a.lo : onRange(a, double(i) / (count - 1)));
        if (count > 1) a.values.back() = a.hi;  // exactly hi, not hi plus rounding
    } else {
        for (const QString& s : spec.split(',', Qt::SkipEmptyParts)) {
            auto v = number(s);
            if (!v) return fail("'" + s.trimmed() + "' is not a number");
            a.values.push_back(*v);
        }
        if (a.values.empty()) return fail("no values");
    }
    return a;
}

QString checkAxis(const ParameterAxis& axis, const model::Circuit& c, const sim::Registry& reg) {
    const model::ComponentDoc* comp = c.component(axis.component);
    if (!comp) {
        QStringList ids;
        for (const auto& k : c.components) ids << k.id;
        return "parameter '" + axis.key() + "': the circuit has no component '" + axis.component +
               "'; its components are: " + ids.join(", ");
    }
    const sim::ComponentSpec* spec = reg.find(comp->type.toStdString());
    QStringList names;
    if (spec)
        for (const auto& p : spec->params)
            if (p.kind == sim::ParamKind::Number) names << QString::fromStdString(p.name);
    if (!names.contains(axis.parameter))
        return "parameter '" + axis.key() + "': component '" + axis.component + "' (" + comp->type +
               ") has no number parameter '" + axis.parameter + "'; its number parameters are: " +
               (names.isEmpty() ? QString("none") : names.join(", "));
    return {};
}

std::vector<ParameterPoint> gridPoints(const std::vector<ParameterAxis>& axes) {
    std::vector<ParameterPoint> pts;
    if (axes.empty()) return pts;
    std::vector<size_t> idx(axes.size(), 0);
    for (;;) {
        ParameterPoint p;
        for (size_t k = 0; k < axes.size(); ++k) p.push_back(axes[k].values[idx[k]]);
        pts.push_back(std::move(p));
        size_t k = axes.size();
        while (k > 0) {
            --k;
            if (++idx[k] < axes[k].values.size()) break;
            idx[k] = 0;
            if (k == 0) return pts;
        }
    }
}

std::vector<ParameterPoint> latinHypercube(const std::vector<ParameterAxis>& axes, int n, std::uint64_t seed) {
    std::vector<ParameterPoint> pts(static_cast<size_t>(std::max(n, 0)), ParameterPoint(axes.size()));
    std::mt19937_64 gen(seed);
    for (size_t k = 0; k < axes.size(); ++k) {
        std::vector<size_t> strata(pts.size());
        std::iota(strata.begin(), strata.end(), size_t(0));
        for (size_t i = strata.size(); i > 1; --i) std::swap(strata[i - 1], strata[static_cast<size_t>(gen() % i)]);
        const ParameterAxis& a = axes[k];
        for (size_t i = 0; i < pts.size(); ++i) {
            const double u = (double(strata[i]) + unit(gen)) / double(pts.size());
            if (a.range) {
                pts[i][k] = onRange(a, u);
            } else {
                const size_t j = std::min(a.values.size() - 1, static_cast<size_t>(u * double(a.values.size())));
                pts[i][k] = a.values[j];
            }
        }
    }
    return pts;
}

model::Circuit withPoint(const model::Circuit& c, const std::vector<ParameterAxis>& axes, const ParameterPoint& p) {
    model::Circuit out = c;
    for (size_t k = 0; k < axes.size(); ++k)
        for (auto& comp : out.components)
            if (comp.id == axes[k].component) comp.num[axes[k].parameter] = p[k];
    return out;
}

}  // namespace hs::study
