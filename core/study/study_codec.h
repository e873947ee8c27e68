// SPDX-License-Identifier: GPL-3.0-or-later
// The results of a study's jobs as bytes (QDataStream), for runDistributed(): a sweep row, an
// advisor run with its configuration. Doubles travel as their 64 bits, so a decoded result is
// the one encoded, bit for bit.
#pragma once

#include <QByteArray>
#include <QDataStream>
#include <QIODevice>
#include <algorithm>
#include <string>
#include <vector>

#include "model/circuit.h"
#include "run_summary.h"
#include "sim/metrics.h"

namespace hs::study {

QDataStream& operator<<(QDataStream& s, const std::string& v);
QDataStream& operator>>(QDataStream& s, std::string& v);
QDataStream& operator<<(QDataStream& s, const ProbeSummary& v);
QDataStream& operator>>(QDataStream& s, ProbeSummary& v);
QDataStream& operator<<(QDataStream& s, const sim::ProbeError& v);
QDataStream& operator>>(QDataStream& s, sim::ProbeError& v);
QDataStream& operator<<(QDataStream& s, const model::MethodDoc& v);
QDataStream& operator>>(QDataStream& s, model::MethodDoc& v);
QDataStream& operator<<(QDataStream& s, const model::SolverConfigDoc& v);
QDataStream& operator>>(QDataStream& s, model::SolverConfigDoc& v);

template <class T>
QDataStream& operator<<(QDataStream& s, const std::vector<T>& v) {
    s << static_cast<qint64>(v.size());
    for (const T& x : v) s << x;
    return s;
}
template <class T>
QDataStream& operator>>(QDataStream& s, std::vector<T>& v) {
    qint64 n = 0;
    s >> n;
    v.assign(static_cast<size_t>(std::max<qint64>(0, n)), T{});
    for (T& x : v) s >> x;
    return s;
}

// The bytes of a value, and the value of bytes (throws std::runtime_error on bytes that end early).
template <class T>
QByteArray encode(const T& v) {
    QByteArray b;
    QDataStream s(&b, QIODevice::WriteOnly);
    s.setFloatingPointPrecision(QDataStream::DoublePrecision);
    s << v;
    return b;
}
void checkDecoded(const QDataStream& s);
template <class T>
T decode(const QByteArray& b) {
    QDataStream s(b);
    s.setFloatingPointPrecision(QDataStream::DoublePrecision);
    T v{};
    s >> v;
    checkDecoded(s);
    return v;
}

}  // namespace hs::study
