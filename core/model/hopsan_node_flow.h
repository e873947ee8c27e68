// SPDX-License-Identifier: GPL-3.0-or-later
// The flow of a Hopsan node, as ours can read it. A Hopsan power node joins exactly two power
// ports, one of a Q-type component and one of a C-type component (read ports of sensors may sit
// on it too), and holds one flow: the flow out of the Q-type component, into the C-type one
// (Hopsan's orifice writes q2 = Kc*(c1 - c2) at P2, where the fluid leaves it). Every port of the
// node reports that same value as its Flow, and HydraulicFlowSensor outputs it. Ours reads the
// flow into a component port, and our capacitive components (volumes, sources) write none, so
// the node's flow is read at its Q-type port with the sign turned ("out of"). Checked against
// Hopsan's data: Hydraulic33ValveTest.hvd shows the sensor between the valve's PA and a C-type
// source negative while the valve feeds PA; generated/FlowSensorMultiPort has both kinds.
#pragma once

#include <QString>

#include "hopsan_model.h"

namespace hs::model {

struct HopsanNodeFlow {
    QString component, port;  // Hopsan names of the power port whose flow is the node's
    bool outOf = false;       // true: Hopsan's value is the flow out of that component there
    QString error;            // set when the node gives no single answer: why
};

// The node that (component, port) sits on; a sensor's read port or any power port of the node.
HopsanNodeFlow nodeFlowPort(const HopsanModel& m, const QString& component, const QString& port);

}  // namespace hs::model
