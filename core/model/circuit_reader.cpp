// SPDX-License-Identifier: GPL-3.0-or-later
#include "circuit_reader.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonParseError>

#include <tuple>

#include "circuit_io.h"
#include "circuit_validator.h"
#include "migration.h"

namespace hs::model {

namespace {

const QString kRoot = QStringLiteral("$");

// "comp.port" -> (comp, port), split at the last '.'; no '.' -> (text, "").
std::pair<QString, QString> splitEnd(const QString& s) {
    const auto dot = s.lastIndexOf(u'.');
    if (dot < 0) return {s, QString()};
    return {s.left(dot), s.mid(dot + 1)};
}

// Keeps the unknown keys of a nested fixed object in its owner's extra, under the object's key.
void keepNested(QJsonObject& ownerExtra, const QString& key, const QJsonObject& unknown) {
    if (!unknown.isEmpty()) ownerExtra.insert(key, unknown);
}

}  // namespace

template <class T, class F>
void CircuitReader::readList(const QJsonObject& root, const char* key, std::vector<T>& out,
                             std::vector<int>& index, F readItem) {
    const auto arr = in_.array(root, kRoot, QLatin1String(key));
    if (!arr) return;
    const QString path = jsonChild(kRoot, QLatin1String(key));
    for (int i = 0; i < arr->size(); ++i) {
        const QJsonValue v = arr->at(i);
        const QString p = jsonItem(path, i);
        if (!v.isObject()) {
            in_.error(p, QStringLiteral("expected an object, got %1").arg(jsonTypeName(v)));
            continue;
        }
        if (auto item = (this->*readItem)(v.toObject(), p)) {
            out.push_back(std::move(*item));
            index.push_back(i);
        }
    }
}

Circuit CircuitReader::read(const QJsonObject& root, SourceIndex* index) {
    Circuit c;
    in_.read(root, kRoot, QStringLiteral("name"), c.name);
    in_.read(root, kRoot, QStringLiteral("description"), c.description);
    c.extra = JsonReader::unknownKeys(root, {"format", "name", "description", "fluid", "simulation",
                                             "components", "wires", "probes", "configurations"});
    if (auto fluid = in_.object(root, kRoot, QStringLiteral("fluid"))) readFluid(*fluid, c);
    if (auto sim = in_.object(root, kRoot, QStringLiteral("simulation"))) readSimulation(*sim, c);
    readList(root, "components", c.components, index->components, &CircuitReader::readComponent);
    readList(root, "wires", c.wires, index->wires, &CircuitReader::readWire);
    readList(root, "probes", c.probes, index->probes, &CircuitReader::readProbe);
    readList(root, "configurations", c.configs, index->configs, &CircuitReader::readConfig);
    return c;
}

void CircuitReader::readFluid(const QJsonObject& o, Circuit& c) {
    const QString path = QStringLiteral("$.fluid");
    in_.read(o, path, QStringLiteral("density"), c.fluid.density);
    QJsonObject unknown = JsonReader::unknownKeys(o, {"density", "bulk_modulus"});
    if (auto be = in_.object(o, path, QStringLiteral("bulk_modulus"))) {
        const QString bp = jsonChild(path, QStringLiteral("bulk_modulus"));
        auto& b = c.fluid.bulk;
        if (auto model = in_.string(*be, bp, QStringLiteral("model"))) {
            if (*model == QLatin1String("constant")) b.model = hs::sim::BulkModulus::Model::Constant;
            else if (*model == QLatin1String("log")) b.model = hs::sim::BulkModulus::Model::LogLaw;
            else in_.error(jsonChild(bp, QStringLiteral("model")),
                           QStringLiteral("unknown bulk-modulus model '%1' (known: constant, log)").arg(*model));
        }
        in_.read(*be, bp, QStringLiteral("value"), b.value);
        in_.read(*be, bp, QStringLiteral("a1"), b.a1);
        in_.read(*be, bp, QStringLiteral("a2"), b.a2);
        in_.read(*be, bp, QStringLiteral("a3"), b.a3);
        in_.read(*be, bp, QStringLiteral("Emax"), b.emax);
        in_.read(*be, bp, QStringLiteral("pmax"), b.pmax);
        in_.read(*be, bp, QStringLiteral("min_arg"), b.minArg);
        if (auto base = in_.string(*be, bp, QStringLiteral("log_base"))) {
            if (*base == QLatin1String("10")) b.naturalLog = false;
            else if (*base == QLatin1String("e")) b.naturalLog = true;
            else in_.error(jsonChild(bp, QStringLiteral("log_base")),
                           QStringLiteral("expected \"10\" or \"e\", got '%1'").arg(*base));
        }
        keepNested(unknown, QStringLiteral("bulk_modulus"),
                   JsonReader::unknownKeys(*be, {"model", "value", "a1", "a2", "a3", "Emax", "pmax",
                                                 "min_arg", "log_base"}));
    }
    keepNested(c.extra, QStringLiteral("fluid"), unknown);
}

void CircuitReader::readSimulation(const QJsonObject& o, Circuit& c) {
    const QString path = QStringLiteral("$.simulation");
    in_.read(o, path, QStringLiteral("duration"), c.duration);
    in_.read(o, path, QStringLiteral("record_interval"), c.recordInterval);
    in_.read(o, path, QStringLiteral("p_min"), c.pMin);
    in_.read(o, path, QStringLiteral("p_max"), c.pMax);
    keepNested(c.extra, QStringLiteral("simulation"),
               JsonReader::unknownKeys(o, {"duration", "record_interval", "p_min", "p_max"}));
}

std::optional<ComponentDoc> CircuitReader::readComponent(const QJsonObject& o, const QString& path) {
    ComponentDoc d;
    if (auto id = in_.string(o, path, QStringLiteral("id"))) d.id = *id;
    if (auto type = in_.string(o, path, QStringLiteral("type"))) d.type = *type;
    d.extra = JsonReader::unknownKeys(o, {"id", "type", "pose", "parameters"});
    if (auto pose = in_.object(o, path, QStringLiteral("pose"))) {
        const QString pp = jsonChild(path, QStringLiteral("pose"));
        in_.read(*pose, pp, QStringLiteral("x"), d.pose.x);
        in_.read(*pose, pp, QStringLiteral("y"), d.pose.y);
        in_.read(*pose, pp, QStringLiteral("flip"), d.pose.flipped);
        if (auto r = in_.integer(*pose, pp, QStringLiteral("rotation"))) {
            if (*r == 0 || *r == 90 || *r == 180 || *r == 270) d.pose.rotation = *r;
            else in_.error(jsonChild(pp, QStringLiteral("rotation")),
                           QStringLiteral("must be 0, 90, 180 or 270 degrees, got %1").arg(*r));
        }
        keepNested(d.extra, QStringLiteral("pose"), JsonReader::unknownKeys(*pose, {"x", "y", "rotation", "flip"}));
    }
    if (auto params = in_.object(o, path, QStringLiteral("parameters"))) {
        const QString pp = jsonChild(path, QStringLiteral("parameters"));
        for (auto it = params->begin(); it != params->end(); ++it) {
            if (it.value().isDouble()) d.num[it.key()] = it.value().toDouble();
            else if (it.value().isString()) d.text[it.key()] = it.value().toString();
            else in_.error(jsonChild(pp, it.key()),
                           QStringLiteral("expected a number or a string, got %1").arg(jsonTypeName(it.value())));
        }
    }
    return d;
}

std::optional<WireDoc> CircuitReader::readWire(const QJsonObject& o, const QString& path) {
    WireDoc w;
    if (auto from = in_.string(o, path, QStringLiteral("from"))) std::tie(w.fromComp, w.fromPort) = splitEnd(*from);
    if (auto to = in_.string(o, path, QStringLiteral("to"))) std::tie(w.toComp, w.toPort) = splitEnd(*to);
    w.extra = JsonReader::unknownKeys(o, {"from", "to", "points"});
    if (auto pts = in_.array(o, path, QStringLiteral("points"))) {
        const QString pp = jsonChild(path, QStringLiteral("points"));
        for (int i = 0; i < pts->size(); ++i) {
            const QJsonArray xy = pts->at(i).toArray();
            if (!pts->at(i).isArray() || xy.size() != 2 || !xy[0].isDouble() || !xy[1].isDouble()) {
                in_.error(jsonItem(pp, i), QStringLiteral("expected a point [x, y] of two numbers"));
                continue;
            }
            w.points.emplace_back(xy[0].toDouble(), xy[1].toDouble());
        }
    }
    return w;
}

std::optional<ProbeDoc> CircuitReader::readProbe(const QJsonObject& o, const QString& path) {
    ProbeDoc p;
    in_.read(o, path, QStringLiteral("name"), p.name);
    if (auto q = in_.string(o, path, QStringLiteral("quantity"))) p.quantity = *q;
    if (auto t = in_.string(o, path, QStringLiteral("target"))) p.target = *t;
    p.extra = JsonReader::unknownKeys(o, {"name", "quantity", "target"});
    return p;
}

MethodDoc CircuitReader::readMethod(const QJsonObject& o, const QString& path) {
    MethodDoc m;
    in_.read(o, path, QStringLiteral("method"), m.method);
    if (auto params = in_.object(o, path, QStringLiteral("params"))) {
        const QString pp = jsonChild(path, QStringLiteral("params"));
        for (auto it = params->begin(); it != params->end(); ++it) {
            if (it.value().isDouble()) m.params[it.key()] = it.value().toDouble();
            else if (it.value().isString()) m.text[it.key()] = it.value().toString();
            else in_.error(jsonChild(pp, it.key()),
                           QStringLiteral("expected a number or a text, got %1").arg(jsonTypeName(it.value())));
        }
    }
    m.extra = JsonReader::unknownKeys(o, {"method", "params"});
    return m;
}

std::optional<SolverConfigDoc> CircuitReader::readConfig(const QJsonObject& o, const QString& path) {
    SolverConfigDoc s;
    if (auto name = in_.string(o, path, QStringLiteral("name"))) s.name = *name;
    in_.read(o, path, QStringLiteral("description"), s.description);
    in_.read(o, path, QStringLiteral("reference"), s.reference);
    in_.read(o, path, QStringLiteral("stepper"), s.stepper);
    in_.read(o, path, QStringLiteral("dt"), s.dt);
    in_.read(o, path, QStringLiteral("rtol"), s.rtol);
    in_.read(o, path, QStringLiteral("atol"), s.atol);
    in_.read(o, path, QStringLiteral("max_step"), s.maxStep);
    s.extra = JsonReader::unknownKeys(o, {"name", "description", "reference", "stepper", "dt", "rtol",
                                          "atol", "max_step", "methods", "default_method", "threads",
                                          "partition", "partition_mapper", "jacobian", "kernel"});
    in_.read(o, path, QStringLiteral("jacobian"), s.jacobian);
    in_.read(o, path, QStringLiteral("kernel"), s.kernel);
    in_.read(o, path, QStringLiteral("partition_mapper"), s.partitionMapper);
    if (auto t = in_.integer(o, path, QStringLiteral("threads"))) s.threads = *t;
    if (auto part = in_.object(o, path, QStringLiteral("partition"))) {
        const QString pp = jsonChild(path, QStringLiteral("partition"));
        for (auto it = part->begin(); it != part->end(); ++it)
            if (auto k = in_.integer(*part, pp, it.key())) s.partition[it.key()] = *k;
    }
    if (auto dm = in_.object(o, path, QStringLiteral("default_method")))
        s.defaultMethod = readMethod(*dm, jsonChild(path, QStringLiteral("default_method")));
    if (auto methods = in_.object(o, path, QStringLiteral("methods"))) {
        const QString mp = jsonChild(path, QStringLiteral("methods"));
        for (auto it = methods->begin(); it != methods->end(); ++it) {
            if (!it.value().isObject()) {
                in_.error(jsonChild(mp, it.key()),
                          QStringLiteral("expected an object, got %1").arg(jsonTypeName(it.value())));
                continue;
            }
            s.methods[it.key()] = readMethod(it.value().toObject(), jsonChild(mp, it.key()));
        }
    }
    return s;
}

// --- entry points -------------------------------------------------------------------------

namespace {

QString describeParseError(const QByteArray& json, const QJsonParseError& e) {
    int line = 1, column = 1;
    for (int i = 0; i < e.offset && i < json.size(); ++i) {
        if (json[i] == '\n') { ++line; column = 1; }
        else ++column;
    }
    return QStringLiteral("$: invalid JSON at byte %1 (line %2, column %3): %4")
        .arg(e.offset)
        .arg(line)
        .arg(column)
        .arg(e.errorString());
}

}  // namespace

LoadResult parseCircuit(const QByteArray& json, const hs::sim::Registry& reg) {
    LoadResult r;
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &pe);
    if (pe.error != QJsonParseError::NoError) {
        r.errors << describeParseError(json, pe);
        return r;
    }
    if (!doc.isObject()) {
        r.errors << QStringLiteral("$: expected an object at the top level, got %1")
                        .arg(doc.isArray() ? QStringLiteral("an array") : QStringLiteral("nothing"));
        return r;
    }
    QJsonObject root = doc.object();
    int format = 0;
    const QString fe = checkFormat(root, &format);
    if (!fe.isEmpty()) {
        r.errors << QStringLiteral("$.format: ") + fe;
        return r;
    }
    migrate(root, format);
    SourceIndex index;
    CircuitReader reader(&r.errors);
    Circuit c = reader.read(root, &index);
    r.errors << validateCircuit(c, reg, index);
    r.circuit = std::move(c);
    return r;
}

LoadResult loadCircuit(const QString& path, const hs::sim::Registry& reg) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        LoadResult r;
        r.errors << QStringLiteral("%1: cannot open: %2").arg(path, f.errorString());
        return r;
    }
    const QByteArray bytes = f.readAll();
    if (f.error() != QFileDevice::NoError) {
        LoadResult r;
        r.errors << QStringLiteral("%1: cannot read: %2").arg(path, f.errorString());
        return r;
    }
    LoadResult r = parseCircuit(bytes, reg);
    if (r.circuit) r.circuit->folder = QFileInfo(path).absolutePath();
    return r;
}

}  // namespace hs::model
