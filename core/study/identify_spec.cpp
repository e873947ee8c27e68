// SPDX-License-Identifier: GPL-3.0-or-later
#include "identify_spec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <cmath>

namespace hs::study {

double IdentifiedParameter::resolution() const { return resolutionOf(min, max, bits); }

double resolutionOf(double lo, double hi, int bits) { return (hi - lo) / (std::ldexp(1.0, bits) - 1.0); }

int bitsFor(double lo, double hi, double resolution) {
    return std::max(1, static_cast<int>(std::ceil(std::log2((hi - lo) / resolution + 1.0) - 1e-12)));
}

namespace {

std::vector<double> numbers(const QJsonValue& v, const std::vector<double>& def) {
    if (!v.isArray()) return def;
    std::vector<double> out;
    for (const auto& x : v.toArray()) out.push_back(x.toDouble());
    return out.empty() ? def : out;
}

}  // namespace

std::optional<IdentifySpec> parseIdentifySpec(const QByteArray& json, const model::Circuit& c, const sim::Registry& reg,
                                              QStringList* errors) {
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError || !doc.isObject()) {
        errors->append("$: not a JSON object (" + pe.errorString() + ")");
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    IdentifySpec s;
    s.config = o.value("config").toString();
    if (!s.config.isEmpty() && !c.config(s.config)) errors->append("$.config: no configuration '" + s.config + "'");
    if (s.config.isEmpty() && !c.reference()) errors->append("$.config: none given and the circuit has no reference");
    const QJsonArray params = o.value("parameters").toArray();
    if (params.isEmpty()) errors->append("$.parameters: no parameters to identify");
    for (int i = 0; i < params.size(); ++i) {
        const QString at = QString("$.parameters[%1]").arg(i);
        const QJsonObject p = params[i].toObject();
        IdentifiedParameter ip;
        QString e;
        auto axis = parseAxis(p.value("name").toString() + "=0", &e);
        if (!axis) {
            errors->append(at + ".name: " + e);
            continue;
        }
        if (const QString bad = checkAxis(*axis, c, reg); !bad.isEmpty()) errors->append(at + ".name: " + bad);
        ip.axis = *axis;
        ip.min = p.value("min").toDouble(NAN);
        ip.max = p.value("max").toDouble(NAN);
        if (!(ip.max > ip.min)) {
            errors->append(at + ": give min < max");
            continue;
        }
        if (p.contains("resolution")) {
            const double r = p.value("resolution").toDouble();
            if (!(r > 0)) errors->append(at + ".resolution: must be > 0");
            else ip.bits = bitsFor(ip.min, ip.max, r);
        } else {
            ip.bits = p.value("bits").toInt(6);
        }
        if (ip.bits < 1 || ip.bits > 30) errors->append(at + ".bits: 1 to 30");
        s.parameters.push_back(ip);
    }
    std::vector<model::ProbeDoc> probes = c.probes;
    const QJsonArray cost = o.value("cost").toArray();
    if (cost.isEmpty()) errors->append("$.cost: no probe to fit");
    for (int i = 0; i < cost.size(); ++i) {
        const QString at = QString("$.cost[%1]").arg(i);
        const QJsonObject t = cost[i].toObject();
        CostTerm ct;
        ct.probe = t.value("probe").toString();
        ct.column = t.value("column").toString(ct.probe);
        ct.weight = t.value("weight").toDouble(1.0);
        bool known = false;
        QStringList names;
        for (const auto& p : probes) {
            names << p.name;
            known = known || p.name == ct.probe;
        }
        if (!known) errors->append(at + ".probe: no probe '" + ct.probe + "'; the probes are: " + names.join(", "));
        if (!(ct.weight > 0)) errors->append(at + ".weight: must be > 0");
        s.cost.push_back(ct);
    }
    const QJsonObject ga = o.value("ga").toObject();
    s.ga.islands = ga.value("islands").toInt(s.ga.islands);
    s.ga.population = ga.value("population").toInt(s.ga.population);
    s.ga.generations = ga.value("generations").toInt(s.ga.generations);
    s.ga.migrants = ga.value("migrants").toInt(s.ga.migrants);
    s.ga.migrationEvery = ga.value("migration_every").toInt(s.ga.migrationEvery);
    s.ga.seed = static_cast<unsigned>(ga.value("seed").toInt(static_cast<int>(s.ga.seed)));
    s.ga.pc = numbers(ga.value("pc"), s.ga.pc);
    s.ga.pm = numbers(ga.value("pm"), s.ga.pm);
    if (s.ga.islands < 1 || s.ga.population < 5 || s.ga.generations < 1 || s.ga.migrationEvery < 1 || s.ga.migrants < 0)
        errors->append("$.ga: islands >= 1, population >= 5, generations >= 1, migration_every >= 1, migrants >= 0");
    const QJsonObject hj = o.value("hooke_jeeves").toObject();
    s.hj.enabled = hj.value("enabled").toBool(s.hj.enabled);
    s.hj.initial = hj.value("initial").toDouble(s.hj.initial);
    s.hj.shrink = hj.value("shrink").toDouble(s.hj.shrink);
    s.hj.divisions = hj.value("divisions").toInt(s.hj.divisions);
    s.hj.maxEvaluations = hj.value("max_evaluations").toInt(s.hj.maxEvaluations);
    if (!(s.hj.initial > 0) || !(s.hj.shrink > 1) || s.hj.divisions < 0)
        errors->append("$.hooke_jeeves: initial > 0, shrink > 1, divisions >= 0");
    s.optimizer = o.value("optimizer").toString(s.optimizer);
    if (s.optimizer != "pagmo" && s.optimizer != "nlopt")
        errors->append("$.optimizer: 'pagmo' (the GA islands) or 'nlopt', not '" + s.optimizer + "'");
    const QJsonObject nl = o.value("nlopt").toObject();
    s.nlopt.algorithm = nl.value("algorithm").toString(s.nlopt.algorithm).toUpper();
    s.nlopt.evaluations = nl.value("evaluations").toInt(s.nlopt.evaluations);
    s.nlopt.starts = nl.value("starts").toInt(s.nlopt.starts);
    s.nlopt.population = nl.value("population").toInt(s.nlopt.population);
    s.nlopt.seed = static_cast<unsigned>(nl.value("seed").toInt(static_cast<int>(s.nlopt.seed)));
    if (!s.nlopt.algorithm.startsWith("GN_"))
        errors->append("$.nlopt.algorithm: a global derivative-free NLopt algorithm (GN_CRS2_LM, GN_ISRES, GN_ESCH, "
                       "GN_DIRECT_L, ...), not '" + s.nlopt.algorithm + "'");
    if (s.nlopt.evaluations < 1 || s.nlopt.starts < 1 || s.nlopt.population < 0)
        errors->append("$.nlopt: evaluations >= 1, starts >= 1, population >= 0");
    if (!errors->isEmpty()) return std::nullopt;
    return s;
}

}  // namespace hs::study
