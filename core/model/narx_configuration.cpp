// SPDX-License-Identifier: GPL-3.0-or-later
#include "narx_configuration.h"

#include <QFileInfo>

namespace hs::model {

SolverConfigDoc narxConfiguration(const QString& name, const QString& volume, const QString& modelFileRelative,
                                  double sampleInterval) {
    SolverConfigDoc c;
    c.name = name;
    c.description = QStringLiteral("NARX surrogate on %1 (%2), RK4 at the model's sample interval")
                        .arg(volume, QFileInfo(modelFileRelative).fileName());
    c.stepper = QStringLiteral("rk4");
    c.dt = sampleInterval;
    MethodDoc md;
    md.method = QStringLiteral("narx");
    md.text[QStringLiteral("model")] = modelFileRelative;
    c.methods[volume] = md;
    return c;
}

QString defaultNarxConfigurationName(const QString& volume, double sampleInterval) {
    return QStringLiteral("NARX %1 %2").arg(volume, QString::number(sampleInterval, 'g', 3));
}

bool putConfiguration(std::vector<SolverConfigDoc>& configs, const SolverConfigDoc& c) {
    for (auto& old : configs)
        if (old.name == c.name) {
            const bool reference = old.reference;
            old = c;
            old.reference = reference;
            return true;
        }
    configs.push_back(c);
    return false;
}

}  // namespace hs::model
