// SPDX-License-Identifier: GPL-3.0-or-later
// Fixed-step RK4 / Euler with the partitions on separate processes (settings.ranks, one partition
// per rank; partition_link.h). Each process holds the whole system and steps its partition;
// before a finish at which a shared TLM node is due, the partitions that share it exchange their
// ports' pressures and flows in the deadlock-free order of notes/003 §3.6 (partitions numbered
// by estimated load, ascending; each talks to its partners in ascending number, the lower number
// sending first). With TLM volumes that exchange every n-th step (§3.7) the partitions meet once
// per n steps. Bit-identical to the serial stepper of the same name.
#pragma once

#include <memory>
#include <string>

#include "stepper.h"

namespace hs::sim {

class System;
struct SolverSettings;

// The plan (rank 0's, the same on every process), the exchange order, the stepper; nullptr and
// error when the system cannot be split so (a TLM line cut between partitions, a stepper
// other than rk4/euler, ...).
[[nodiscard]] std::unique_ptr<Stepper> makeRankStepper(System& sys, const SolverSettings& s, std::string& error);

}  // namespace hs::sim
