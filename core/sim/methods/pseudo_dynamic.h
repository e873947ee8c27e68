// SPDX-License-Identifier: GPL-3.0-or-later
#pragma once

#include <vector>

#include "held_method.h"

namespace hs::sim {

class PseudoDynamicMethod final : public HeldPressureMethod {
public:
    PseudoDynamicMethod(bool advanced, double vPseudo, double dtInner, double tolHigh, double tolLow, double pSwitch,
                        long maxIter)
        : advanced_(advanced), vPseudo_(vPseudo), dtInner_(dtInner), tolHigh_(tolHigh), tolLow_(tolLow),
          pSwitch_(pSwitch), maxIter_(maxIter) {}
    const char* id() const override { return advanced_ ? "advanced_pseudo_dynamic" : "pseudo_dynamic"; }
    bool update(NodeAccess& node) override;

private:
    bool advanced_;
    double vPseudo_, dtInner_, tolHigh_, tolLow_, pSwitch_;
    long maxIter_;
    std::vector<char> mask_;
};

}  // namespace hs::sim
