// SPDX-License-Identifier: GPL-3.0-or-later
// Plain description of a circuit as the engine needs it: component instances with parameter
// values, wires between ports, fluid, and the solver settings of one configuration. core/model
// produces it from the document; tests build it directly.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "fluid.h"

namespace hs::sim {

struct NetComponent {
    std::string type;
    std::string id;
    std::map<std::string, double> num;        // parameters not given keep their spec default
    std::map<std::string, std::string> text;  // text and choice parameters (choice by name)
};

struct NetWire {
    std::string fromComp, fromPort, toComp, toPort;
};

struct MethodSetting {
    std::string method = "integrate";
    std::map<std::string, double> params;
    std::map<std::string, std::string> text;  // text parameters (narx: the model file, an absolute path)
};

class PartitionLink;

struct SolverSettings {
    std::string stepper = "rk4";  // a StepperSpec name (stepper_spec.cpp)
    double dt = 1e-5;             // fixed step, or initial step of adaptive steppers
    double rtol = 1e-8;
    double atol = 1e-8;           // relative to each state's nominal magnitude
    double maxStep = 0.0;         // adaptive steppers: 0 = unlimited
    // Implicit steppers' Jacobian: "analytic" (from the components' partials, analytic_jacobian.h,
    // where the circuit allows it), "differences" (coloured, coloured_jacobian.h) or "" (the
    // stepper's default: analytic for rosw3, differences for the Newton-based steppers, which took
    // more steps with the analytic one on Circuit 1, docs/performance.md §10).
    std::string jacobian;
    // The right-hand side: "interpreted" (or "", the default: the components' eval() through
    // System's tables) or "generated" (kernel/: the circuit compiled into C++ at run time, RK4
    // only; where it cannot be, the run says why and runs interpreted).
    std::string kernel;
    std::map<std::string, MethodSetting> methods;  // by Volume component id
    MethodSetting defaultMethod;  // volumes not in `methods` (tlm: the Hopsan-style configuration)
    // Parallel partitions (circuits cut at TLM volumes): threads > 1 steps the partitions
    // concurrently; `partition` assigns components to partitions by hand (id -> 0..threads-1),
    // the others are balanced automatically. Results are identical to threads = 1.
    int threads = 1;
    std::map<std::string, int> partition;
    // How the other components are placed: "balanced" or "optimal" (partitioner.h).
    std::string partitionMapper = "balanced";
    // With threads > 1: time the threads against one thread now and then and step the faster
    // way (a loaded machine gives no speed-up). false = always on the threads (benchmarks).
    bool adaptiveThreads = true;
    // Partitions on separate processes (partition_link.h; MPI ranks, process r steps partition
    // r): set by the program that started them, never read from a file. nullptr: one process.
    PartitionLink* ranks = nullptr;
};

struct Netlist {
    std::vector<NetComponent> components;
    std::vector<NetWire> wires;
    Fluid fluid;
    double pMin = -1e7;  // physical bounds of node pressures [Pa]; leaving them stops a run
    double pMax = 1e9;
};

}  // namespace hs::sim
