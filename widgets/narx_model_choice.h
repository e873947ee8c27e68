// SPDX-License-Identifier: GPL-3.0-or-later
// Whether the narx method can be picked for a volume: only with a trained model for it. The model
// is the one a configuration of the circuit already runs on that volume (its "model" file,
// relative to the circuit), else a sidecar <stem>.<volume>.narx in the circuit's folder (what
// hydrostiff-cli learn narx and Train Surrogate... write). The method pickers show its
// validation error, or disable the entry and say how to get a model.
#pragma once

#include <QString>
#include <optional>

class QComboBox;

namespace hs::model {
class Circuit;
struct MethodDoc;
}

namespace hs::widgets {

struct NarxModelChoice {
    QString file;           // as written in the circuit ("model"): relative to the circuit's folder
    QString validationMse;  // the model's "validation_mse" info ("" if absent)
    QString summary;        // hidden layers, delay, sample interval, trainer, epochs
    double sampleInterval = 0;
};

// The model the narx method would use for the volume; nullopt if there is none (or it does not load).
std::optional<NarxModelChoice> narxModelFor(const hs::model::Circuit& circuit, const QString& volume);

// Sets the narx entry of a method combo for the volume: enabled with "(validation MSE ...)" in
// its text when a model exists, else disabled with a tooltip saying how to train one.
void markNarxEntry(QComboBox* box, const hs::model::Circuit& circuit, const QString& volume);

// The override a picker writes when the volume gets methodId: narx with the model file of
// narxModelFor (the method cannot run without it), any other method with its defaults.
hs::model::MethodDoc pickedMethod(const QString& methodId, const hs::model::Circuit& circuit, const QString& volume);

}  // namespace hs::widgets
