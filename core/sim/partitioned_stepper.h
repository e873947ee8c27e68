// SPDX-License-Identifier: GPL-3.0-or-later
// Fixed-step RK4 / Euler over the parallel partitions of a System (notes/003 §3): per step a
// fork-join for the stages, one for the evaluation and TLM solve of the new state, one for the
// waves of the next step. Bit-identical to the serial stepper of the same name.
#pragma once

#include <memory>
#include <string>

#include "stepper.h"

namespace hs::sim {

// Stepper for settings: over MPI ranks when s.ranks has more than one (rank_partitioned_stepper.h),
// the serial one when s.threads <= 1, else partitions the system (s.partition
// by hand, the rest automatically by measured cost) and steps it on s.threads threads.
[[nodiscard]] std::unique_ptr<Stepper> makeStepperFor(System& sys, const SolverSettings& s, std::string& error);

}  // namespace hs::sim
