// SPDX-License-Identifier: GPL-3.0-or-later
// Registration of the built-in component families (one function per source file).
#pragma once

namespace hs::sim {
class Registry;
void registerHydraulicSources(Registry& r);  // pressure/flow source, tank, volume
void registerRestrictions(Registry& r);      // orifices
void registerValves(Registry& r);            // compensator, throttle, on/off, 4/3, shuttle, check, relief
void registerActuators(Registry& r);         // cylinder
void registerMechanics(Registry& r);         // mass, frictions, spring, force source
void registerSensors(Registry& r);
void registerSignalSources(Registry& r);
void registerSignalBlocks(Registry& r);      // gain, sum, P/PI controller
void registerSignalNonlinear(Registry& r);   // saturation, dead zone, rate limiter, lookup table, relay
void registerSignalDynamics(Registry& r);    // transfer functions, integrator, derivative, PID
void registerSignalDelay(Registry& r);       // time delay
void registerSignalLogic(Registry& r);       // comparator, logic, product, division
void registerSignalShapes(Registry& r);      // pulse, soft step
void registerTlmLine(Registry& r);           // transmission line (TLM)
}  // namespace hs::sim
