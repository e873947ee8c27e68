// SPDX-License-Identifier: GPL-3.0-or-later
// What the fuzz targets share: the component registry, built once, and how a finding that is
// not a crash (a rejection without a message) is reported: a trap, so libFuzzer keeps the input.
#pragma once

#include <QString>
#include <QStringList>

#include <cstdio>

#include "sim/registry.h"

namespace hs::fuzz {

inline const hs::sim::Registry& registry() {
    static const hs::sim::Registry reg = hs::sim::Registry::builtin();
    return reg;
}

[[noreturn]] inline void finding(const char* what, const QString& detail = {}) {
    std::fprintf(stderr, "fuzz finding: %s %s\n", what, detail.toUtf8().constData());
    __builtin_trap();
}

// Every message of a rejection says something.
inline void checkMessages(const QStringList& messages, const char* where) {
    for (const QString& m : messages)
        if (m.trimmed().isEmpty()) finding(where, "an empty message");
}

}  // namespace hs::fuzz
