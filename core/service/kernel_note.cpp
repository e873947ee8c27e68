// SPDX-License-Identifier: GPL-3.0-or-later
#include "kernel_note.h"

namespace hs::service {

QString kernelNote(const sim::RunResult& r) {
    if (r.kernel != "generated") return QStringLiteral("interpreted");
    if (r.kernelFromCache) return QStringLiteral("generated (library from the cache, not compiled)");
    return QStringLiteral("generated, compiled in %1 s wall before the run (not in the run's times)")
        .arg(QString::number(r.kernelCompileSeconds, 'g', 3));
}

QString kernelShortNote(const sim::RunResult& r) {
    if (r.kernel != "generated") return {};
    if (r.kernelFromCache) return QStringLiteral("generated kernel (cached)");
    return QStringLiteral("generated kernel (compiled in %1 s)").arg(QString::number(r.kernelCompileSeconds, 'g', 3));
}

}  // namespace hs::service
