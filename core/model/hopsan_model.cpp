// SPDX-License-Identifier: GPL-3.0-or-later
#include "hopsan_model.h"

#include <QFile>
#include <QXmlStreamReader>

namespace hs::model {

const HopsanParameter* HopsanComponent::parameter(const QString& n) const {
    for (const auto& p : parameters)
        if (p.name == n) return &p;
    return nullptr;
}

const HopsanComponent* HopsanModel::component(const QString& n) const {
    for (const auto& c : components)
        if (c.name == n) return &c;
    return nullptr;
}

namespace {

// "Kc::Value" and "Kc#Value" (input variables) -> "Kc"; "P1::Pressure" -> "P1#Pressure".
QString normalisedName(QString n) {
    n.replace(QStringLiteral("::"), QStringLiteral("#"));
    if (n.endsWith(QStringLiteral("#Value"))) n.chop(6);
    return n;
}

double attrNumber(const QXmlStreamAttributes& a, const char* name, double fallback) {
    bool ok = false;
    const double v = a.value(QLatin1String(name)).toDouble(&ok);
    return ok ? v : fallback;
}

class Reader {
public:
    explicit Reader(const QByteArray& xml) : xml_(xml) {}

    HopsanReadResult read() {
        HopsanReadResult r;
        if (!xml_.readNextStartElement()) return fail(QStringLiteral("no XML root element"));
        if (xml_.name() != QLatin1String("hopsanmodelfile"))
            return fail(QStringLiteral("root element is <%1>, not <hopsanmodelfile>").arg(xml_.name().toString()));
        HopsanModel m;
        bool haveSystem = false;
        while (xml_.readNextStartElement()) {
            if (xml_.name() == QLatin1String("system") && !haveSystem) {
                haveSystem = true;
                m.name = xml_.attributes().value(QLatin1String("name")).toString();
                readSystem(m);
            } else {
                xml_.skipCurrentElement();
            }
        }
        if (xml_.hasError()) return fail(xml_.errorString());
        if (!haveSystem) return fail(QStringLiteral("no <system> element in <hopsanmodelfile>"));
        r.model = std::move(m);
        return r;
    }

private:
    HopsanReadResult fail(const QString& what) {
        HopsanReadResult r;
        r.error = QStringLiteral("line %1, column %2: %3").arg(xml_.lineNumber()).arg(xml_.columnNumber()).arg(what);
        return r;
    }

    void readSystem(HopsanModel& m) {
        while (xml_.readNextStartElement()) {
            const auto n = xml_.name();
            const auto a = xml_.attributes();
            if (n == QLatin1String("simulationtime")) {
                m.start = attrNumber(a, "start", m.start);
                m.stop = attrNumber(a, "stop", m.stop);
                m.timestep = attrNumber(a, "timestep", m.timestep);
                xml_.skipCurrentElement();
            } else if (n == QLatin1String("simulationlogsettings")) {
                // a count: anything that is not one in int's range (1e300, -5, nan) is no count
                // (found by tools/fuzz.sh hopsan: the conversion of 5e101 was undefined)
                const double samples = attrNumber(a, "numsamples", 0);
                m.logSamples = samples >= 0 && samples <= 1e9 ? static_cast<int>(samples) : 0;
                xml_.skipCurrentElement();
            } else if (n == QLatin1String("parameters")) {
                m.systemParameters = readParameters();
            } else if (n == QLatin1String("objects")) {
                readObjects(m);
            } else if (n == QLatin1String("connections")) {
                readConnections(m);
            } else {
                xml_.skipCurrentElement();
            }
        }
    }

    std::vector<HopsanParameter> readParameters() {
        std::vector<HopsanParameter> ps;
        while (xml_.readNextStartElement()) {
            if (xml_.name() == QLatin1String("parameter")) {
                const auto a = xml_.attributes();
                ps.push_back({normalisedName(a.value(QLatin1String("name")).toString()),
                              a.value(QLatin1String("value")).toString().trimmed(),
                              a.value(QLatin1String("unit")).toString()});
            }
            xml_.skipCurrentElement();
        }
        return ps;
    }

    void readObjects(HopsanModel& m) {
        while (xml_.readNextStartElement()) {
            const auto n = xml_.name();
            const auto a = xml_.attributes();
            const QString name = a.value(QLatin1String("name")).toString();
            const QString type = a.value(QLatin1String("typename")).toString();
            if (n == QLatin1String("component")) {
                m.components.push_back(readComponent(name, type));
            } else if (n == QLatin1String("system") || n == QLatin1String("conditionalsystem")) {
                m.subsystems << name;
                xml_.skipCurrentElement();
            } else if (n == QLatin1String("systemport")) {
                m.systemPorts << name;
                xml_.skipCurrentElement();
            } else {
                ++m.guiOnlyObjects;
                xml_.skipCurrentElement();
            }
        }
    }

    HopsanComponent readComponent(const QString& name, const QString& type) {
        HopsanComponent c;
        c.name = name;
        c.typeName = type;
        while (xml_.readNextStartElement()) {
            if (xml_.name() == QLatin1String("parameters")) {
                c.parameters = readParameters();
            } else if (xml_.name() == QLatin1String("hopsangui")) {
                readPose(c);
            } else {
                xml_.skipCurrentElement();
            }
        }
        return c;
    }

    void readPose(HopsanComponent& c) {
        while (xml_.readNextStartElement()) {
            if (xml_.name() == QLatin1String("pose")) {
                const auto a = xml_.attributes();
                c.x = attrNumber(a, "x", 0);
                c.y = attrNumber(a, "y", 0);
                c.angle = attrNumber(a, "a", 0);
                c.flipped = a.value(QLatin1String("flipped")) == QLatin1String("true");
            }
            xml_.skipCurrentElement();
        }
    }

    void readConnections(HopsanModel& m) {
        while (xml_.readNextStartElement()) {
            if (xml_.name() == QLatin1String("connect")) {
                const auto a = xml_.attributes();
                m.connections.push_back({a.value(QLatin1String("startcomponent")).toString(),
                                         a.value(QLatin1String("startport")).toString(),
                                         a.value(QLatin1String("endcomponent")).toString(),
                                         a.value(QLatin1String("endport")).toString()});
            }
            xml_.skipCurrentElement();
        }
    }

    QXmlStreamReader xml_;
};

}  // namespace

HopsanReadResult readHopsanModel(const QByteArray& xml) { return Reader(xml).read(); }

HopsanReadResult loadHopsanModel(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        HopsanReadResult r;
        r.error = QStringLiteral("%1: cannot open: %2").arg(path, f.errorString());
        return r;
    }
    HopsanReadResult r = readHopsanModel(f.readAll());
    if (!r.model) r.error = path + QStringLiteral(": ") + r.error;
    return r;
}

}  // namespace hs::model
