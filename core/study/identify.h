// SPDX-License-Identifier: GPL-3.0-or-later
// GA identification (notes/003 §4, the thesis' Ch. 7): parameters on the grid of their
// resolution, searched by a genetic algorithm in sub-populations that exchange their best
// (islands of pagmo2's sga with integer genes on a ring, the `migrants` best of each neighbour
// replacing the worst every `migration_every` generations; the islands evolve in parallel on
// worker threads and MPI ranks, in rounds between migrations, so the result depends on the seed
// alone), then Hooke-Jeeves from each island's best (in parallel too); the best of all wins.
#pragma once

#include <QString>
#include <functional>
#include <vector>

#include "identify_spec.h"
#include "measured_data.h"
#include "run_distribution.h"
#include "model/circuit.h"

namespace hs::sim {
class Registry;
}

namespace hs::study {

struct IslandOutcome {
    std::vector<double> gaBest;  // parameter values of the island's champion
    double gaCost = 0;
    std::vector<double> refined;  // after Hooke-Jeeves (= gaBest without it)
    double refinedCost = 0;
    int hjEvaluations = 0;
};

struct IdentifyResult {
    QString error;
    std::vector<IslandOutcome> islands;
    std::vector<double> best;  // the identified values, in spec order
    double bestCost = 0;
    int bestIsland = -1;
    long evaluations = 0;  // cost evaluations (= simulations) in all
    double wallSeconds = 0;
};

IdentifyResult identify(const model::Circuit& c, const sim::Registry& reg, const IdentifySpec& spec,
                        const MeasuredData& data, int jobs = 0,
                        std::function<void(const QString& phase, int done, int total)> progress = {},
                        RunDistribution* distribution = nullptr);

}  // namespace hs::study
