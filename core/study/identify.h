// SPDX-License-Identifier: GPL-3.0-or-later
// GA identification (notes/003 §4, the thesis' Ch. 7): parameters on the grid of their
// resolution, searched by a genetic algorithm in sub-populations that exchange their best
// (islands of pagmo2's sga with integer genes on a ring, the `migrants` best of each neighbour
// replacing the worst every `migration_every` generations; the islands evolve in parallel on
// worker threads and MPI ranks, in rounds between migrations, so the result depends on the seed
// alone), or independent starts of an NLopt global algorithm (optional; the starts spread over
// threads and ranks the same way), then Hooke-Jeeves from each island's best (in parallel too);
// the best of all wins.
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
    QString method;  // "pagmo sga, 6 islands x 20, 15 generations" / "NLopt GN_CRS2_LM, 6 starts x 300"
    // With known true values (synthetic data): the evaluation from which on the best point so far
    // lies within one resolution of the truth in every parameter, and the wall time then; -1 if
    // the final best is not. Evaluations are counted as if the parallel jobs of each phase (GA
    // round, NLopt starts, Hooke-Jeeves) advanced in step, one evaluation each in job order, so
    // the count depends on the seed alone, not on threads or MPI ranks; the wall time is
    // interpolated by that count within the phase.
    long evaluationsToTruth = -1;
    double secondsToTruth = -1;
};

// Whether the NLopt optimizer ("optimizer": "nlopt") is in this build.
bool haveNlopt();

IdentifyResult identify(const model::Circuit& c, const sim::Registry& reg, const IdentifySpec& spec,
                        const MeasuredData& data, int jobs = 0,
                        std::function<void(const QString& phase, int done, int total)> progress = {},
                        const std::vector<double>& truth = {}, RunDistribution* distribution = nullptr);

}  // namespace hs::study
