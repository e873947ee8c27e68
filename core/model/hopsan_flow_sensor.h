// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan's HydraulicFlowSensor outputs the flow variable of the node its read port sits on. A
// Hopsan power node joins exactly two power ports, one of a Q-type component and one of a
// C-type component, and its flow is the flow out of the Q-type component (into the C-type one):
// Hopsan's orifice writes q2 = Kc*(c1 - c2) at P2, where the fluid leaves it. Our FlowSensor reads
// the flow into a component port, so the sensor watches the Q-type side's port with the
// direction "out of". Checked against Hopsan's data: Hydraulic33ValveTest.hvd shows the sensor
// between the valve's PA and a C-type source negative while the valve feeds PA.
#pragma once

#include <QString>

#include "hopsan_model.h"

namespace hs::model {

struct HopsanWatchedFlow {
    QString component, port;  // Hopsan names of the power port whose flow the sensor reads
    bool outOf = false;       // true: Hopsan's value is the flow out of that component there
    QString error;            // set when the node gives no single answer: why
};

HopsanWatchedFlow watchedFlowOf(const HopsanModel& m, const QString& sensor, const QString& sensorPort);

}  // namespace hs::model
