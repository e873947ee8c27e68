// SPDX-License-Identifier: GPL-3.0-or-later
// Which Hopsan default-library types we import, as what, with which ports and parameters: the
// one table the importer, the CLI's listing and the docs read (hopsan_type_map.cpp).
#pragma once

#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

#include "circuit.h"

namespace hs::model {

// A Hopsan component's parameter values, resolved to numbers (system parameters substituted).
// value(name, hopsanDefault) records a problem when the file's value is an expression we cannot
// evaluate; the default is Hopsan's own, used when the file leaves the parameter out.
class HopsanValues {
public:
    using Resolver = std::function<std::optional<double>(const QString& name, QString* problem)>;
    explicit HopsanValues(Resolver r) : resolve_(std::move(r)) {}
    double value(const QString& name, double hopsanDefault);
    // Our time of a Hopsan time: our runs start at 0, Hopsan's at its model's start time.
    double ourTime(double hopsanTime) const { return hopsanTime - hopsanStart; }
    QStringList problems;
    double modelTimestep = 1e-3;  // the model's simulation step [s] (Hopsan's discrete blocks)
    double hopsanStart = 0.0;

private:
    Resolver resolve_;
};

struct HopsanPortPair {
    const char* hopsan;
    const char* ours;
};

// Hopsan's kind of component: C (capacitive: volumes, lines, C-type sources and tanks) and Q
// (resistive: orifices, valves, Q-type sources) alternate on every power node; S (signal and
// sensor components) only read nodes. The flow of a Hopsan node is the flow out of its Q-type
// component, into its C-type one (HydraulicFlowSensor, --validate: hopsan_node_flow.h).
enum class HopsanKind { Unknown, C, Q, S };

struct HopsanTypeMapping {
    const char* hopsanType;
    const char* ourType;  // nullptr: recognised but not imported (a plot sink), see note
    std::vector<HopsanPortPair> ports;
    // Sets our parameters from Hopsan's; appends to problems what cannot be represented.
    void (*convert)(HopsanValues& in, ComponentDoc& out, QStringList& problems);
    // The Hopsan input holding a volume's wave filter coefficient (TLM alpha), nullptr if none.
    const char* tlmAlpha;
    const char* note;  // where our model differs from Hopsan's
    HopsanKind kind = HopsanKind::Unknown;
    // A Hopsan multiport (HydraulicVolumeMultiPort's P1): each of its connections is a node of
    // its own in Hopsan, and one node in ours.
    const char* multiPort = nullptr;
    // A sensor port that reads the flow of its Hopsan node: the importer sets our "port" (the
    // watched comp.port) and "direction" text parameters from the node (hopsan_node_flow.h).
    const char* flowOfNode = nullptr;
    // A sensor port that reads the force of its mechanical node: not a wire; orientHopsanMechanics
    // points the sensor at the component whose force Hopsan's node holds (hopsan_mechanics.h).
    const char* forceOfNode = nullptr;
};

// Every Hopsan sensor: sampling = previous step (Hopsan's sensors, signal components, run before
// the step's C- and Q-type components: their output at t_k is the node's value of step k-1).
void hopsanSensor(HopsanValues& in, ComponentDoc& out, QStringList& problems);

// Each family's mappings live in a file of their own and append to the table.
void appendHopsanSignalTypes(std::vector<HopsanTypeMapping>& map);  // hopsan_types_signals.cpp

const std::vector<HopsanTypeMapping>& hopsanTypeMap();
// Valves, accumulator, lines, cylinders, translational mechanics (hopsan_types_valves.cpp).
void appendValveHopsanTypes(std::vector<HopsanTypeMapping>& map);
// Pumps, motors and rotational mechanics (hopsan_types_rotational.cpp).
void appendRotationalHopsanTypes(std::vector<HopsanTypeMapping>& map);
const HopsanTypeMapping* findHopsanType(const QString& hopsanType);
// Our port for a Hopsan port of that type; empty when ours has none.
QString mapHopsanPort(const HopsanTypeMapping& m, const QString& hopsanPort);

}  // namespace hs::model
