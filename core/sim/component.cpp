// SPDX-License-Identifier: GPL-3.0-or-later
#include "component.h"

#include <stdexcept>

namespace hs::sim {

ParamSet::ParamSet(const ComponentSpec* spec) : spec_(spec) {
    values_.reserve(spec->params.size());
    texts_.reserve(spec->params.size());
    for (const auto& p : spec->params) {
        values_.push_back(p.def);
        texts_.push_back(p.textDef);
    }
}

int ParamSet::index(const std::string& name) const {
    int i = spec_->paramIndex(name);
    if (i < 0) throw std::logic_error(spec_->type + " has no parameter " + name);
    return i;
}

double ParamSet::num(const std::string& name) const { return values_[index(name)]; }
int ParamSet::choice(const std::string& name) const { return static_cast<int>(values_[index(name)]); }
const std::string& ParamSet::text(const std::string& name) const { return texts_[index(name)]; }
void ParamSet::setNum(const std::string& name, double v) { values_[index(name)] = v; }
void ParamSet::setText(const std::string& name, const std::string& v) { texts_[index(name)] = v; }

}  // namespace hs::sim
