// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan's HydraulicFourChamberPiston is a C-type component: its four chambers are TLM elements
// of its own, and the Q-type components on its ports are solved against their waves. Our
// FourChamberCylinder reproduces that with form "Hopsan C-type chambers at the step", whose
// chambers are then not their nodes' capacitance: the import selects it where every connected
// chamber port's node has its pressure set by a Q-type pressure source (HydraulicPressureSourceQ,
// our PressureSource), so no node is left without capacitance; elsewhere the continuous form
// stays (a Q-type valve on a chamber would need solving against the chamber's wave, which our
// engine does for TLM volumes only).
#pragma once

#include <QString>
#include <QStringList>

#include <map>

#include "circuit.h"
#include "hopsan_model.h"

namespace hs::model {

// Sets the form of each imported HydraulicFourChamberPiston whose connected chamber ports all
// meet a HydraulicPressureSourceQ; notes say which form each got and why.
void selectFourChamberForms(const HopsanModel& m, const std::map<QString, QString>& idOf, Circuit& c, QStringList& notes);

}  // namespace hs::model
