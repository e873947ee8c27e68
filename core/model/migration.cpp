// SPDX-License-Identifier: GPL-3.0-or-later
#include "migration.h"

#include <cmath>
#include <iterator>

#include "circuit_io.h"

namespace hs::model {

namespace {

using Step = void (*)(QJsonObject&);

// kSteps[i] migrates format i+1 to format i+2. Format 1 is the first format, so there is no
// step yet (the nullptr placeholder); when format 2 arrives, write `void from1(QJsonObject&)`
// here and put it in place of the placeholder.
constexpr Step kSteps[] = {nullptr};
static_assert(std::size(kSteps) >= kCurrentFormat - 1, "one migration step per format version");

}  // namespace

QString checkFormat(const QJsonObject& root, int* format) {
    if (!root.contains(QLatin1String("format")))
        return QStringLiteral("missing: this is not a HydroStiff circuit file (it needs \"format\": %1)")
            .arg(kCurrentFormat);
    const QJsonValue v = root.value(QLatin1String("format"));
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d != std::floor(d))
        return QStringLiteral("expected an integer format version, got %1")
            .arg(v.isDouble() ? QString::number(d) : QStringLiteral("a non-number"));
    if (d < 1) return QStringLiteral("unknown format %1 (formats start at 1)").arg(d);
    if (d > kCurrentFormat)
        return QStringLiteral("format %1 is newer than this version of HydroStiff can read (up to %2); "
                              "open the file with a newer HydroStiff")
            .arg(d)
            .arg(kCurrentFormat);
    *format = static_cast<int>(d);
    return {};
}

void migrate(QJsonObject& root, int from) {
    for (int v = from; v < kCurrentFormat; ++v)
        if (Step step = kSteps[v - 1]) step(root);
    root.insert(QLatin1String("format"), kCurrentFormat);
}

}  // namespace hs::model
