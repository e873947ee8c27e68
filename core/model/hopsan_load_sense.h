// SPDX-License-Identifier: GPL-3.0-or-later
// Hopsan's Hydraulic43LoadSensingValve imposes the load pressure (pA for a positive spool, pB
// otherwise) at its hydraulic port PL: p = p_load, q = (p_load - c)/Zc into the node. Ours gives
// that pressure as the signal pLS; the import turns a connected PL into a PressureSource
// "<valve>_PL" driven by pLS, and every connection to PL into one to that source's P.
#pragma once

#include <QString>
#include <QStringList>

#include "circuit.h"

namespace hs::model {

// The port the import wires a connection of Hopsan's port to when the type table has none:
// "PL" for a Hydraulic43LoadSensingValve's PL (a placeholder addLoadSensePorts() resolves), else "".
QString loadSensePlaceholder(const QString& hopsanType, const QString& hopsanPort);

// Rewrites the wires that the import made to "<valve>.PL" (LoadSensingValve43), and a pressure
// sensor's `port` "<valve>.PL", to the source's P; notes say so.
void addLoadSensePorts(Circuit& c, QStringList& notes);

}  // namespace hs::model
