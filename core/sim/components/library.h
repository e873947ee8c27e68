// SPDX-License-Identifier: GPL-3.0-or-later
// Registration of the built-in component families (one function per source file).
#pragma once

namespace hs::sim {
class Registry;
void registerHydraulicSources(Registry& r);  // pressure/flow source, tank, volume
void registerRestrictions(Registry& r);      // orifices
void registerValves(Registry& r);            // compensator, throttle, on/off, 4/3, shuttle, check, relief
void registerActuators(Registry& r);         // cylinder
void registerQuasistaticActuator(Registry& r);  // nonsmooth quasistatic cylinder (notes/004)
void registerQuasistaticTwinActuators(Registry& r);  // two of them on one pump (notes/004 §10)
void registerMechanics(Registry& r);         // mass, frictions, spring, force source
void registerSensors(Registry& r);
void registerSignalSources(Registry& r);
void registerSignalBlocks(Registry& r);      // gain, sum, P/PI controller
void registerTlmLine(Registry& r);           // transmission line (TLM)
}  // namespace hs::sim
