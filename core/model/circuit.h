// SPDX-License-Identifier: GPL-3.0-or-later
// The circuit document as a plain value: what a *.hydro.json file holds, in memory. No Qt
// widgets, no signals; a later GUI layer wraps it in an observable document.
//
// Every "extra" object keeps the JSON keys this version does not know, so that a file written by
// a newer version (or edited by hand) loses nothing on load -> save. Keys of the nested fixed
// objects without their own extra (a component's "pose", the circuit's "fluid",
// "fluid.bulk_modulus" and "simulation") are kept in the owner's extra under that key, e.g.
// ComponentDoc::extra = {"pose": {"z": 2}}; the writer merges them back in.
#pragma once

#include <QJsonObject>
#include <QPointF>
#include <QString>

#include <map>
#include <optional>
#include <vector>

#include "sim/fluid.h"
#include "sim/netlist.h"
#include "sim/simulator.h"

namespace hs::model {

// Placement of a component on the editor canvas (scene units, y down).
struct Pose {
    double x = 0, y = 0;
    int rotation = 0;  // degrees clockwise: 0, 90, 180 or 270
    bool flipped = false;  // mirrored about the symbol's vertical axis, before rotation
    bool operator==(const Pose&) const = default;
};

struct ComponentDoc {
    QString id, type;
    Pose pose;
    std::map<QString, double> num;    // number parameters as written in the file (SI units)
    std::map<QString, QString> text;  // choice (by option name) and text parameters
    QJsonObject extra;
    bool operator==(const ComponentDoc&) const = default;
};

struct WireDoc {
    QString fromComp, fromPort, toComp, toPort;
    std::vector<QPointF> points;  // bend points in scene units, from -> to
    QJsonObject extra;
    bool operator==(const WireDoc& o) const;
};

// How the pressure of one volume is solved in a configuration (see hs::sim::MethodSetting).
struct MethodDoc {
    QString method = QStringLiteral("integrate");
    std::map<QString, double> params;
    QJsonObject extra;
    std::map<QString, QString> text{};  // text parameters ("model": a file relative to the circuit)
    bool operator==(const MethodDoc&) const = default;
};

struct SolverConfigDoc {
    QString name, description;
    QString stepper = QStringLiteral("rk4");  // a StepperSpec name (stepper_spec.cpp)
    double dt = 1e-5, rtol = 1e-8, atol = 1e-8, maxStep = 0;
    bool reference = false;
    std::map<QString, MethodDoc> methods;  // key: Volume component id
    // Method of every volume not in `methods` ("default_method"; absent = integrate). With tlm
    // this is the Hopsan-style configuration: every volume a TLM element.
    std::optional<MethodDoc> defaultMethod;
    // Parallel partitions cut at TLM volumes ("threads", "partition": component id -> 0..threads-1,
    // by hand; the others placed by "partition_mapper": balanced or optimal, see
    // sim/partitioner.h). Written only when set.
    int threads = 1;
    std::map<QString, int> partition;
    QString partitionMapper = QStringLiteral("balanced");
    // Implicit steppers' Jacobian: "analytic" or "differences" (sim/system_jacobian.h); empty:
    // the stepper's default. Written only when set.
    QString jacobian;
    // The right-hand side: "interpreted" or "generated" (sim/kernel/, compiled for the circuit at
    // run time); empty: interpreted. Written only when set.
    QString kernel;
    QJsonObject extra;
    bool operator==(const SolverConfigDoc&) const = default;
};

// quantity: pressure | flow | position | velocity | force | signal | state
// target: "comp.port", "comp.state" (quantity state), or a bare component id (its first port)
struct ProbeDoc {
    QString name, quantity, target;
    QJsonObject extra;
    bool operator==(const ProbeDoc&) const = default;
};

// Plain value type: copy it, compare it, serialize it.
class Circuit {
public:
    QString name, description;
    std::vector<ComponentDoc> components;
    std::vector<WireDoc> wires;
    std::vector<ProbeDoc> probes;
    hs::sim::Fluid fluid;
    double duration = 1.0, recordInterval = 1e-3;  // [s]
    double pMin = -1e7, pMax = 1e9;                // physical bounds of node pressures [Pa]
    std::vector<SolverConfigDoc> configs;
    QJsonObject extra;
    // Folder of the file it was loaded from (set by loadCircuit, never saved or compared): a
    // relative path in a text parameter named "file" is resolved against it (toNetlist).
    QString folder;

    // The configuration marked as reference (the first one if several are; nullptr if none).
    const SolverConfigDoc* reference() const;
    const SolverConfigDoc* config(const QString& name) const;
    const ComponentDoc* component(const QString& id) const;

    bool operator==(const Circuit& o) const;
    bool operator!=(const Circuit& o) const { return !(*this == o); }
};

bool sameFluid(const hs::sim::Fluid& a, const hs::sim::Fluid& b);

// From the document to what the engine runs (compile.cpp): plain conversions; problems are
// found by validateCircuit (circuit_io.h) and hs::sim::build.
hs::sim::Netlist toNetlist(const Circuit& c);
hs::sim::SolverSettings toSolverSettings(const SolverConfigDoc& cfg, const QString& folder = {});
// One volume's method as the engine takes it; a relative "model" file is resolved against folder
// (the circuit file's directory).
hs::sim::MethodSetting toMethodSetting(const MethodDoc& m, const QString& folder);
std::vector<hs::sim::ProbeSpec> toProbes(const Circuit& c);
// Run options of one configuration: the circuit's duration and record interval plus its solver.
hs::sim::RunOptions toRunOptions(const Circuit& c, const SolverConfigDoc& cfg);

}  // namespace hs::model
