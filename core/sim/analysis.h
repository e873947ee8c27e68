// SPDX-License-Identifier: GPL-3.0-or-later
// Linear analysis at an operating point: finite-difference Jacobian, eigenvalues, stiffness
// ratio, per-node time constants and the largest stable explicit steps (notes/000_001 §0, §3.7).
#pragma once

#include <complex>
#include <string>
#include <vector>

#include "netlist.h"

namespace hs::sim {

class System;

// Largest h with |R(h*lambda)| <= 1 along the ray of lambda (R: stability function of explicit
// Euler or classical RK4). Infinity for lambda = 0 or Re(lambda) > 0 handled as 0.
double largestStableStep(std::complex<double> lambda, bool rk4);

// Indices of the node-pressure states.
std::vector<int> pressureStates(const System& sys);

// Newton solve of dy_i/dt = 0 for the states in `subset`, all other states frozen. Returns "" or
// an error. y is updated in place.
std::string steadyState(System& sys, double t, std::vector<double>& y, const std::vector<int>& subset);

struct NodeStiffness {
    std::string name;
    double p = 0, volume = 0, bulkModulus = 0, conductance = 0, tau = 0;
    double maxStepRk4 = 0, maxStepEuler = 0;
};

struct StiffnessReport {
    std::vector<std::string> states;               // the analysed states
    std::vector<std::complex<double>> eigenvalues;  // sorted by magnitude, descending
    double kappa = 0;            // |lambda|max / |lambda|min over non-zero eigenvalues
    int zeroEigenvalues = 0;     // |lambda| < 1e-9 |lambda|max (pure integrators), left out of kappa
    double maxStepRk4 = 0, maxStepEuler = 0;
    std::vector<NodeStiffness> nodes;
};

StiffnessReport analyse(System& sys, double t, const std::vector<double>& y, const std::vector<int>& subset);

}  // namespace hs::sim
