// SPDX-License-Identifier: GPL-3.0-or-later
// What `hydrostiff-cli identify` identifies and how (a JSON file, docs/many-runs.md):
//   {"config": "Local implicit 1e-3",                     (default: the reference)
//    "parameters": [{"name": "O3.Cd", "min": 0.3, "max": 0.9, "bits": 6}, ...],   (or "resolution")
//    "cost": [{"probe": "p1", "column": "p1", "weight": 1}, ...],
//    "ga": {"islands": 12, "population": 30, "generations": 40, "migrants": 4, "migration_every": 3,
//           "seed": 1, "pc": [...], "pm": [...]},
//    "hooke_jeeves": {"enabled": true, "initial": 4, "shrink": 4, "divisions": 3},
//    "optimizer": "pagmo",                                  (or "nlopt", then:)
//    "nlopt": {"algorithm": "GN_CRS2_LM", "evaluations": 300, "starts": 6, "population": 0, "seed": 1}}
// The parameters live on the grid of their resolution r = (max - min)/(2^bits - 1) (notes/003
// eq. 7.22); the GA searches that grid, Hooke-Jeeves refines from each island's best.
#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>
#include <optional>
#include <vector>

#include "parameter_space.h"

namespace hs::study {

struct IdentifiedParameter {
    ParameterAxis axis;  // component.parameter (values unused)
    double min = 0, max = 0;
    int bits = 6;
    double resolution() const;  // (max - min) / (2^bits - 1)
};

// r = (u - l)/(2^b - 1) (7.22) and the bits a resolution needs, b >= log2((u - l)/r + 1) (7.23).
double resolutionOf(double lo, double hi, int bits);
int bitsFor(double lo, double hi, double resolution);

struct CostTerm {
    QString probe;   // a probe of the circuit
    QString column;  // a column of the measured CSV (default: the probe's name)
    double weight = 1;
};

struct GaSettings {
    int islands = 12, population = 30, generations = 40, migrants = 4, migrationEvery = 3;
    unsigned seed = 1;
    // Crossover and mutation probabilities per island, cycled (notes/003 Table 5.1, the thesis'
    // 12 sub-populations; pm is per bit there, per gene here: min(1, mean bits * pm)).
    std::vector<double> pc = {0.6, 0.5, 0.7, 0.8, 0.6, 0.7, 0.9, 0.8, 0.5, 0.6, 0.7, 0.8};
    std::vector<double> pm = {0.05, 0.005, 0.02, 0.001, 0.05, 0.01, 0.005, 0.008, 0.05, 0.02, 0.008, 0.01};
};

struct HookeJeevesSettings {
    bool enabled = true;
    double initial = 4;  // first step, in resolutions of each parameter
    double shrink = 4;   // the step is divided by this on a failed exploration (the thesis: 4)
    int divisions = 3;   // then stops: the last step is initial / shrink^divisions (4 / 64 resolutions)
    int maxEvaluations = 2000;  // per start
};

// The global search when "optimizer" is "nlopt" (NLopt, Debian libnlopt-dev, optional): `starts`
// independent runs of a derivative-free global algorithm (seeds seed, seed + 1, ...) in parallel,
// each with at most `evaluations` cost evaluations, on the same parameter grid (values rounded to
// it); Hooke-Jeeves then refines from each start's best, as from each GA island's.
struct NloptSettings {
    QString algorithm = QStringLiteral("GN_CRS2_LM");  // an NLopt GN_* name (nlopt_algorithm_from_string)
    int evaluations = 300, starts = 6, population = 0;  // population 0: NLopt's default
    unsigned seed = 1;
};

struct IdentifySpec {
    QString config;
    QString optimizer = QStringLiteral("pagmo");  // "pagmo" (the GA islands) or "nlopt"
    NloptSettings nlopt;
    std::vector<IdentifiedParameter> parameters;
    std::vector<CostTerm> cost;
    GaSettings ga;
    HookeJeevesSettings hj;
};

// Parses and checks the spec against the circuit (components, parameters, probes,
// configuration). Every problem goes to errors, named by its JSON path.
std::optional<IdentifySpec> parseIdentifySpec(const QByteArray& json, const model::Circuit& c, const sim::Registry& reg,
                                              QStringList* errors);

}  // namespace hs::study
