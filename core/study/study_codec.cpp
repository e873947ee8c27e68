// SPDX-License-Identifier: GPL-3.0-or-later
#include "study_codec.h"

#include <QJsonDocument>
#include <stdexcept>

namespace hs::study {

namespace {

QByteArray jsonBytes(const QJsonObject& o) { return QJsonDocument(o).toJson(QJsonDocument::Compact); }
QJsonObject jsonObject(const QByteArray& b) { return QJsonDocument::fromJson(b).object(); }

template <class K, class V>
void writeMap(QDataStream& s, const std::map<K, V>& m) {
    s << static_cast<qint64>(m.size());
    for (const auto& [k, v] : m) s << k << v;
}
template <class K, class V>
void readMap(QDataStream& s, std::map<K, V>& m) {
    qint64 n = 0;
    s >> n;
    m.clear();
    for (qint64 i = 0; i < n && s.status() == QDataStream::Ok; ++i) {
        K k{};
        V v{};
        s >> k >> v;
        m.emplace(std::move(k), std::move(v));
    }
}

}  // namespace

void checkDecoded(const QDataStream& s) {
    if (s.status() != QDataStream::Ok) throw std::runtime_error("a study result arrived incomplete (bytes ended early)");
}

QDataStream& operator<<(QDataStream& s, const std::string& v) { return s << QByteArray::fromStdString(v); }
QDataStream& operator>>(QDataStream& s, std::string& v) {
    QByteArray b;
    s >> b;
    v = b.toStdString();
    return s;
}

QDataStream& operator<<(QDataStream& s, const ProbeSummary& v) {
    return s << v.name << v.unit << v.final << v.min << v.max << v.mean;
}
QDataStream& operator>>(QDataStream& s, ProbeSummary& v) { return s >> v.name >> v.unit >> v.final >> v.min >> v.max >> v.mean; }

QDataStream& operator<<(QDataStream& s, const sim::ProbeError& v) {
    return s << v.name << v.unit << v.rmse << v.rrmse << v.maxAbs << v.meanAbsRef << qint32(v.samples);
}
QDataStream& operator>>(QDataStream& s, sim::ProbeError& v) {
    qint32 n = 0;
    s >> v.name >> v.unit >> v.rmse >> v.rrmse >> v.maxAbs >> v.meanAbsRef >> n;
    v.samples = n;
    return s;
}

QDataStream& operator<<(QDataStream& s, const model::MethodDoc& v) {
    s << v.method;
    writeMap(s, v.params);
    s << jsonBytes(v.extra);
    writeMap(s, v.text);
    return s;
}
QDataStream& operator>>(QDataStream& s, model::MethodDoc& v) {
    QByteArray extra;
    s >> v.method;
    readMap(s, v.params);
    s >> extra;
    v.extra = jsonObject(extra);
    readMap(s, v.text);
    return s;
}

QDataStream& operator<<(QDataStream& s, const model::SolverConfigDoc& v) {
    s << v.name << v.description << v.stepper << v.dt << v.rtol << v.atol << v.maxStep << v.reference;
    writeMap(s, v.methods);
    s << v.defaultMethod.has_value();
    if (v.defaultMethod) s << *v.defaultMethod;
    s << qint32(v.threads);
    s << static_cast<qint64>(v.partition.size());
    for (const auto& [id, part] : v.partition) s << id << qint32(part);
    s << v.partitionMapper << v.jacobian << jsonBytes(v.extra);
    return s;
}
QDataStream& operator>>(QDataStream& s, model::SolverConfigDoc& v) {
    s >> v.name >> v.description >> v.stepper >> v.dt >> v.rtol >> v.atol >> v.maxStep >> v.reference;
    readMap(s, v.methods);
    bool hasDefault = false;
    s >> hasDefault;
    v.defaultMethod.reset();
    if (hasDefault) {
        model::MethodDoc m;
        s >> m;
        v.defaultMethod = m;
    }
    qint32 threads = 1;
    s >> threads;
    v.threads = threads;
    qint64 n = 0;
    s >> n;
    v.partition.clear();
    for (qint64 i = 0; i < n && s.status() == QDataStream::Ok; ++i) {
        QString id;
        qint32 part = 0;
        s >> id >> part;
        v.partition[id] = part;
    }
    QByteArray extra;
    s >> v.partitionMapper >> v.jacobian >> extra;
    v.extra = jsonObject(extra);
    return s;
}

}  // namespace hs::study
