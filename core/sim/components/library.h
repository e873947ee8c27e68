// SPDX-License-Identifier: GPL-3.0-or-later
// Registration of the built-in component families (one function per source file).
#pragma once

namespace hs::sim {
class Registry;
void registerHydraulicSources(Registry& r);  // pressure/flow source, tank, volume
void registerRestrictions(Registry& r);      // orifices
void registerValves(Registry& r);            // compensator, throttle, on/off, 4/3, shuttle, check, relief
void registerActuators(Registry& r);         // cylinder
void registerFourChamberCylinder(Registry& r);  // four-chamber (digital) cylinder
void registerQuasistaticActuator(Registry& r);  // nonsmooth quasistatic cylinder (notes/004)
void registerQuasistaticTwinActuators(Registry& r);  // two of them on one pump (notes/004 §10)
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
void registerTlmHose(Registry& r);           // hose: TLM line with friction and visco-elastic walls
void registerPressureValves(Registry& r);    // reducing, sequence, counterbalance, pilot check, flow control, throttle-check, divider
void registerOnOffValves(Registry& r);       // 2/2, 3/2, 4/2 spool valves with switching dynamics, switchable check
void registerSpoolValves(Registry& r);       // 3/3, 4/3 (closed/open/tandem), load-sensing 4/3, servo valve
void registerOpenCentreValve(Registry& r);   // 6/3 open-centre valve section (neutral channel C1->C2)
void registerAccumulators(Registry& r);      // bladder and piston accumulators
void registerPipes(Registry& r);             // lumped pi pipe
void registerTranslational(Registry& r);     // single-acting cylinder, end stops, position source, Coulomb friction
void registerRotational(Registry& r);        // inertia, shaft, gear, sources, prime mover, electric motor, friction
void registerArmLinkage(Registry& r);         // cylinder-to-arm linkage, vertical force on an arm
void registerRotationalSensors(Registry& r); // angle, speed, torque, power
void registerPumpsMotors(Registry& r);       // pumps, motors, hydraulic machine, compensated pumps
void registerValvePlate(Registry& r);        // valve plate of an axial-piston machine
void registerSwashPlateBlock(Registry& r);   // cylinder block with swash plate of an axial-piston machine
void registerSmoothProfiles(Registry& r);     // smooth steps, smooth motion profile (inverse runs)
void registerStribeckFriction(Registry& r);  // smooth Stribeck friction
}  // namespace hs::sim
