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
void registerTlmLine(Registry& r);           // transmission line (TLM)
void registerRotational(Registry& r);        // inertia, shaft, gear, sources, prime mover, electric motor, friction
void registerRotationalSensors(Registry& r); // angle, speed, torque, power
void registerPumpsMotors(Registry& r);       // pumps, motors, hydraulic machine, compensated pumps
}  // namespace hs::sim
