// SPDX-License-Identifier: GPL-3.0-or-later
#include "remove_component_command.h"

#include "model/circuit_document.h"

namespace hs::widgets {

RemoveComponentCommand::RemoveComponentCommand(hs::model::CircuitDocument* doc, QString id, QUndoCommand* parent)
    : QUndoCommand(parent), doc_(doc), id_(std::move(id)) {
    setText(QObject::tr("Delete %1").arg(id_));
}

void RemoveComponentCommand::redo() {
    const auto& c = doc_->circuit();
    index_ = doc_->componentIndex(id_);
    if (index_ < 0) return;
    comp_ = c.components[static_cast<size_t>(index_)];
    // The state is captured at redo time: in a macro, earlier children may have changed it.
    wires_.clear();
    const std::vector<int> idx = doc_->wiresOf(id_);
    for (auto it = idx.rbegin(); it != idx.rend(); ++it) {
        wires_.emplace_back(*it, c.wires[static_cast<size_t>(*it)]);
        doc_->removeWire(*it);
    }
    configsBefore_ = c.configs;
    auto configs = configsBefore_;
    touchedConfigs_ = false;
    for (auto& cfg : configs) {
        touchedConfigs_ |= cfg.methods.erase(id_) > 0;
        touchedConfigs_ |= cfg.partition.erase(id_) > 0;
    }
    if (touchedConfigs_) doc_->setConfigs(configs);
    probesBefore_ = c.probes;
    auto probes = probesBefore_;
    std::erase_if(probes, [&](const hs::model::ProbeDoc& p) { return p.target == id_ || p.target.startsWith(id_ + '.'); });
    touchedProbes_ = probes.size() != probesBefore_.size();
    if (touchedProbes_) doc_->setProbes(probes);
    doc_->removeComponent(id_);
}

void RemoveComponentCommand::undo() {
    if (index_ < 0) return;
    doc_->insertComponent(comp_, index_);
    if (touchedProbes_) doc_->setProbes(probesBefore_);
    if (touchedConfigs_) doc_->setConfigs(configsBefore_);
    for (auto it = wires_.rbegin(); it != wires_.rend(); ++it) doc_->insertWire(it->second, it->first);
}

}  // namespace hs::widgets
