#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the two examples of the quasistatic actuator (notes/004), from the repository root:

  examples/quasistatic_arm.hydro.json      the quasistatic actuator (resolvent ODE (70)) beside the
                                           same circuit with compressible chambers; one `compare`
                                           against CVODE
  examples/quasistatic_arm_dar.hydro.json  the quasistatic actuator alone with the paper's DAR step
                                           (72) at 0.1, 1 and 10 ms
  examples/quasistatic_two_arms.hydro.json two arms on one pump (the paper's Fig. 13, scenario II)
  examples/quasistatic_rotating_arm.hydro.json      the paper's rotating arm (§8: inertia, gravity,
                                           cylinder geometry) driven by the quasistatic actuator and,
                                           beside it, by the compressible circuit; 10 s duty cycle
  examples/quasistatic_rotating_arm_dar.hydro.json  its quasistatic half alone (DAR step timings)

In the first three the paper's 1-DOF arm (§8) acts as an equivalent translational mass linearised
at theta = 0 (written before the library had rotational mechanics; kept for the linear case and
the two-arm scenario). Its numbers are derived below, once. Afterwards run
`build/app/cli/hydrostiff-cli format examples/quasistatic_arm*.hydro.json`.
"""
import json
import math
import os
import re

# The actuator of the paper's §3.4 (66): every valve Cd 0.6, 1 cm2, oil 850 kg/m3; the arm's bleed 0.3.
VALVE_K = 0.6 * 1e-4 * math.sqrt(2 / 850)
BLEED = 0.3

# Arm (§8): Lg 1.5 m, Lm 0.6 m, alpha pi/4, M 2000 kg, J 5000 kg m2. The base r_b is only drawn in
# the paper's figure; (-0.5, -1.5) m is the notes' assumption (§12 item 14). Linearised at theta = 0.
LG, LM, ALPHA, MASS, INERTIA, G, BASE = 1.5, 0.6, math.pi / 4, 2000.0, 5000.0, 9.81, (-0.5, -1.5)


def lever(theta):
    """dl/dtheta of the cylinder length at arm angle theta [m/rad]."""
    rm = (-LM * math.cos(theta - ALPHA), -LM * math.sin(theta - ALPHA))
    drm = (LM * math.sin(theta - ALPHA), -LM * math.cos(theta - ALPHA))
    ell = math.hypot(rm[0] - BASE[0], rm[1] - BASE[1])
    return ((rm[0] - BASE[0]) * drm[0] + (rm[1] - BASE[1]) * drm[1]) / ell


def equivalent_mass(theta):
    return round((INERTIA + MASS * LG**2) / lever(theta) ** 2)


def gravity_along_rod(theta):
    return round(-MASS * G * LG * math.cos(theta) / lever(theta))


DL_DTHETA = lever(0.0)            # -0.4406 m/rad
M_EQ = equivalent_mass(0.0)       # 48932 kg
GRAVITY = gravity_along_rod(0.0)  # +66792 N: gravity extends the rod
SWAY = round(20e3 * 3.0 / abs(DL_DTHETA), -3)            # f_ey 20 kN at L_f = 3 m: 136 kN along the rod
RAMP = 340e3                                             # N/s from 3.5 s (f_ey ramping at -50 kN/s)


def component(cid, ctype, x, y, rotation=0, **params):
    return {"id": cid, "type": ctype, "parameters": params,
            "pose": {"x": x, "y": y, "rotation": rotation, "flip": False}}


def wire(a, b):
    return {"from": a, "to": b}


def quasistatic_part(coupling):
    comps = [
        component("command", "Table", 80, 80, points="0 0; 2 0; 2 -0.3; 3 -0.3; 3 0"),
        component("gravity_and_push", "Table", 80, 200,
                  points="0 %g; 3.5 %g; 5 %g" % (GRAVITY, GRAVITY, GRAVITY + RAMP * 1.5)),
        component("sway", "Sine", 80, 320, amplitude=SWAY, omega=2 * math.pi, phase=0.0, offset=0.0),
        component("load_sum", "Sum", 240, 260, a=1.0, b=1.0),
        component("qs", "QuasistaticActuator", 440, 80, u_b=BLEED, x0=0.5, coupling=coupling),
        component("qs_mass", "Mass", 640, 80, m=M_EQ),
        component("qs_load", "ForceSource", 640, 180, F=0.0),
    ]
    wires = [wire("command.out", "qs.u_c"), wire("gravity_and_push.out", "load_sum.in1"),
             wire("sway.out", "load_sum.in2"), wire("load_sum.out", "qs_load.F"),
             wire("qs.rod", "qs_mass.m"), wire("qs.rod", "qs_load.m")]
    return comps, wires


def compressible_part():
    """notes/004 §11: pump into a 1 ml volume, bleed, pump relief, the four valves, chamber reliefs,
    suction checks, a cylinder with 1 l dead volumes; the same mass and load."""
    comps = [
        component("pump", "FlowSource", 80, 520, Q=500 / 60e3),
        component("Vp", "Volume", 200, 520, V=1e-6, p0=0.0),
        component("bleed", "TurbulentOrifice", 200, 640, rotation=90, spec="k", k=VALVE_K * BLEED),
        component("pump_relief", "ReliefValve", 280, 640, rotation=90, p_crack=36e6, Kq=1e-8),
        component("v_ph", "OnOffValve", 360, 440, k=VALVE_K),
        component("v_pr", "OnOffValve", 360, 560, k=VALVE_K),
        component("v_th", "OnOffValve", 520, 640, rotation=90, k=VALVE_K),
        component("v_tr", "OnOffValve", 600, 640, rotation=90, k=VALVE_K),
        component("retract_opening", "Gain", 240, 440, k=-1.0),
        component("head_relief", "ReliefValve", 680, 640, rotation=90, p_crack=42e6, Kq=1e-8),
        component("rod_relief", "ReliefValve", 760, 640, rotation=90, p_crack=40e6, Kq=1e-8),
        component("head_suction", "CheckValve", 840, 640, rotation=270, k=1e-4, p_crack=0.0, dp_open=0.0),
        component("rod_suction", "CheckValve", 920, 640, rotation=270, k=1e-4, p_crack=0.0, dp_open=0.0),
        component("cyl", "Cylinder", 560, 420, A1=0.024, A2=0.012, stroke=1.0, V_dead_A=1e-3, V_dead_B=1e-3,
                  x0=0.5, pA0=0.0, pB0=0.0),
        component("cyl_mass", "Mass", 760, 420, m=M_EQ),
        component("cyl_load", "ForceSource", 760, 520, F=0.0),
        component("qs_x", "PositionSensor", 640, 280),
        component("cyl_x", "PositionSensor", 860, 420),
        component("model_gap", "Sum", 960, 300, a=1.0, b=-1.0),
        component("tank", "Tank", 560, 760, p=0.0),
    ]
    wires = [
        wire("load_sum.out", "cyl_load.F"),
        wire("pump.P", "Vp.P1"), wire("Vp.P2", "bleed.A"), wire("bleed.B", "tank.P"),
        wire("Vp.P3", "pump_relief.P"), wire("pump_relief.T", "tank.P"),
        wire("Vp.P4", "v_ph.A"), wire("v_ph.B", "cyl.A"), wire("Vp.P4", "v_pr.A"), wire("v_pr.B", "cyl.B"),
        wire("cyl.A", "v_th.A"), wire("v_th.B", "tank.P"), wire("cyl.B", "v_tr.A"), wire("v_tr.B", "tank.P"),
        wire("command.out", "v_ph.open"), wire("command.out", "v_tr.open"),
        wire("command.out", "retract_opening.in"), wire("retract_opening.out", "v_pr.open"),
        wire("retract_opening.out", "v_th.open"),
        wire("cyl.A", "head_relief.P"), wire("head_relief.T", "tank.P"),
        wire("cyl.B", "rod_relief.P"), wire("rod_relief.T", "tank.P"),
        wire("tank.P", "head_suction.A"), wire("head_suction.B", "cyl.A"),
        wire("tank.P", "rod_suction.A"), wire("rod_suction.B", "cyl.B"),
        wire("cyl.rod", "cyl_mass.m"), wire("cyl.rod", "cyl_load.m"), wire("cyl.rod", "cyl_x.m"),
        wire("qs.rod", "qs_x.m"), wire("qs_x.x", "model_gap.in1"), wire("cyl_x.x", "model_gap.in2"),
    ]
    return comps, wires


def configuration(name, stepper, dt, description, reference=False):
    tolerance = float(name.split()[-1]) if name.startswith("CVODE ") else 1e-8  # "CVODE 1e-5": rtol = atol = 1e-5
    return {"name": name, "description": description, "reference": reference, "stepper": stepper, "dt": dt,
            "rtol": tolerance, "atol": tolerance, "max_step": 0, "methods": {}}


ARM = ("the 1-DOF arm of notes/004 §8 as an equivalent translational mass ({:.0f} kg = (J + M*Lg^2)/(dl/dtheta)^2 "
       "at theta = 0, dl/dtheta = {:.4f} m/rad with the notes' assumed base r_b = (-0.5, -1.5) m; gravity {:.1f} kN "
       "along the rod). Duty cycle: hold while the load sways (f_ey 20 kN at 1 Hz: {:.0f} kN), retract at u_c = -0.3 "
       "over 2-3 s, hold, then a load ramp of {:.0f} kN/s from 3.5 s until the rod-side relief opens at "
       "f = -F_rM = -480 kN.").format(M_EQ, DL_DTHETA, GRAVITY / 1e3, SWAY / 1e3, RAMP / 1e3)


SYMBOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "resources", "symbols")


def symbol(ctype):
    """Body (x0, y0, x1, y1) and ports {id: (x, y)} of a symbol, relative to its pivot (the viewBox
    centre snapped to the 10 px grid, as widgets/symbol_library.cpp places it)."""
    text = open(os.path.join(SYMBOLS, ctype + ".svg")).read()
    vb = [float(v) for v in re.search(r'viewBox="([^"]+)"', text).group(1).split()]
    px, py = round((vb[0] + vb[2] / 2) / 10) * 10, round((vb[1] + vb[3] / 2) / 10) * 10
    ports = {m.group(1): (float(m.group(2)) - px, float(m.group(3)) - py)
             for m in re.finditer(r'<circle id="port-([^"]+)" cx="([-\d.]+)" cy="([-\d.]+)"', text)}
    return (vb[0] - px, vb[1] - py, vb[0] + vb[2] - px, vb[1] + vb[3] - py), ports


def lay_out_in_rows(comps, wires, columns=7, pitch=170):
    """Places the components unrotated on a grid, one per cell, and routes every wire through lanes
    of its own in the bands between the rows: a port on top or on a side leaves upwards, one at the
    bottom downwards; between bands a wire runs down the gap right of its column, which no symbol
    occupies. So no wire crosses a symbol, which the editor's screenshot test checks."""
    cell = {c["id"]: divmod(i, columns) for i, c in enumerate(comps)}  # (row, column)
    kind = {c["id"]: c["type"] for c in comps}
    rows = (len(comps) + columns - 1) // columns
    lanes = [0] * (rows + 1)  # band r lies above row r (band rows: below the last row)
    plans = []
    for w in wires:
        ends = []
        for key in ("from", "to"):
            cid, port = w[key].split(".")
            body, ports = symbol(kind[cid])
            row, col = cell[cid]
            px, py = ports[port]
            band = row + 1 if py >= body[3] else row
            ends.append((col, px, py, band))
        bands = sorted({ends[0][3], ends[1][3]})
        slots = {}
        for band in bands:
            slots[band] = lanes[band]
            lanes[band] += 1
        plans.append((w, ends, slots))
    body_half = 40   # the tallest symbols here reach 40 px above and below their pivot
    label = 30       # the label under a body
    band_height = [30 + 10 * n + (label if r > 0 else 0) for r, n in enumerate(lanes)]
    row_y, yy = [], 0
    for r in range(rows):
        yy += band_height[r] + body_half
        row_y.append(yy)
        yy += body_half
    for c in comps:
        row, col = cell[c["id"]]
        c["pose"] = {"x": 100 + pitch * col, "y": row_y[row], "rotation": 0, "flip": False}

    def lane_y(band, slot):
        if band < rows:  # above row `band`
            return row_y[band] - body_half - 20 - 10 * slot
        return row_y[rows - 1] + body_half + label + 10 + 10 * slot

    for w, ends, slots in plans:
        (c1, px1, py1, b1), (c2, px2, py2, b2) = ends
        x1, x2 = 100 + pitch * c1 + px1, 100 + pitch * c2 + px2
        if b1 == b2:
            y = lane_y(b1, slots[b1])
            w["points"] = [[x1, y], [x2, y]]
        else:
            gap = 100 + pitch * c1 + 70 + 10 * (slots[b1] % 4)  # between this column and the next
            w["points"] = [[x1, lane_y(b1, slots[b1])], [gap, lane_y(b1, slots[b1])],
                           [gap, lane_y(b2, slots[b2])], [x2, lane_y(b2, slots[b2])]]


def document(name, description, comps, wires, probes, configs):
    return {"format": 1, "name": name, "description": description,
            "fluid": {"density": 850, "bulk_modulus": {"model": "constant", "value": 1.5e9}},
            "simulation": {"duration": 5.0, "record_interval": 1e-3},
            "components": comps, "wires": wires, "probes": probes, "configurations": configs}


def side_by_side():
    qc, qw = quasistatic_part("ode")
    cc, cw = compressible_part()
    probes = [{"name": "x quasistatic", "quantity": "position", "target": "qs.rod"},
              {"name": "x compressible", "quantity": "position", "target": "cyl.rod"},
              {"name": "x quasistatic - x compressible", "quantity": "signal", "target": "model_gap.out"},
              {"name": "f quasistatic", "quantity": "force", "target": "qs.rod"},
              {"name": "p head", "quantity": "pressure", "target": "cyl.A"}]
    configs = [
        configuration("CVODE", "cvode", 1e-6, "Reference: CVODE BDF, rtol = atol = 1e-8; the quasistatic actuator "
                      "as the resolvent ODE (70)", reference=True),
        configuration("CVODE 1e-5", "cvode", 1e-6, "CVODE at rtol = atol = 1e-5"),
        configuration("Euler 5e-6", "euler", 5e-6, "Explicit Euler at 5 us: the compressible part diverges (its "
                      "pump node with the 1 ml volume and the relief gradient has V/(Be*G) of 0.07 us)"),
    ]
    lay_out_in_rows(qc + cc, qw + cw)
    return document("Quasistatic vs compressible arm actuator",
                    "notes/004 §8, §11: the paper's actuator (§3.4 values, bleed 0.3) twice, as the nonsmooth "
                    "quasistatic actuator (top) and as the compressible circuit of notes §11 (bottom: pump 500 l/min "
                    "into a 1 ml volume, bleed, pump relief 36 MPa, four valves, chamber reliefs 42/40 MPa, suction "
                    "checks, 1 l dead volumes, Be 1.5 GPa), driving " + ARM +
                    " Probe 'x quasistatic - x compressible' is the gap between the two models.",
                    qc + cc, qw + cw, probes, configs)


def dar_alone():
    qc, qw = quasistatic_part("step")
    probes = [{"name": "x quasistatic", "quantity": "position", "target": "qs.rod"},
              {"name": "f quasistatic", "quantity": "force", "target": "qs.rod"},
              {"name": "stretch", "quantity": "signal", "target": "qs.stretch"}]
    configs = [
        configuration("DAR 0.1 ms", "rk4", 1e-4, "Reference: the DAR step (72) at 0.1 ms", reference=True),
        configuration("DAR 1 ms", "rk4", 1e-3, "The paper's step, 1 ms (K 5e7 N/m, B 2.5e6 N*s/m)"),
        configuration("DAR 10 ms", "rk4", 1e-2, "10 ms"),
    ]
    lay_out_in_rows(qc, qw)
    return document("Quasistatic arm actuator, DAR step (72)",
                    "notes/004 §7-8: the nonsmooth quasistatic actuator (§3.4 values, bleed 0.3) joined by the "
                    "virtual spring-damper and the implicit-Euler step (72), once per fixed step, driving " + ARM,
                    qc, qw, probes, configs)


def two_arms():
    """Fig. 13, scenario II: arms at theta0 = -30 and +20 degrees on one pump (u_b 0.2); arm 1 raised
    (u_c1 = -0.6) over 0.5-2.5 s, arm 2 driven down over 1-2 s (magnitude not printed: +0.6)."""
    t1, t2 = math.radians(-30), math.radians(20)
    comps = [
        component("command1", "Table", 80, 80, points="0 0; 0.5 0; 0.5 -0.6; 2.5 -0.6; 2.5 0"),
        component("command2", "Table", 80, 200, points="0 0; 1 0; 1 0.6; 2 0.6; 2 0"),
        component("twin", "QuasistaticTwinActuators", 320, 120, u_b=0.2, x0_1=0.5, x0_2=0.5, coupling="step"),
        component("arm1", "Mass", 560, 80, m=equivalent_mass(t1)),
        component("gravity1", "ForceSource", 560, 160, F=gravity_along_rod(t1)),
        component("arm2", "Mass", 560, 240, m=equivalent_mass(t2)),
        component("gravity2", "ForceSource", 560, 320, F=gravity_along_rod(t2)),
    ]
    wires = [wire("command1.out", "twin.u_c1"), wire("command2.out", "twin.u_c2"),
             wire("twin.rod1", "arm1.m"), wire("twin.rod1", "gravity1.m"),
             wire("twin.rod2", "arm2.m"), wire("twin.rod2", "gravity2.m")]
    probes = [{"name": "x1", "quantity": "position", "target": "twin.rod1"},
              {"name": "v1", "quantity": "velocity", "target": "twin.rod1"},
              {"name": "x2", "quantity": "position", "target": "twin.rod2"},
              {"name": "P", "quantity": "signal", "target": "twin.P"}]
    configs = [
        configuration("DAR 0.1 ms", "rk4", 1e-4, "Reference: the DAR step (72) at 0.1 ms", reference=True),
        configuration("DAR 1 ms", "rk4", 1e-3, "The paper's step, 1 ms"),
        configuration("DAR 10 ms", "rk4", 1e-2, "10 ms"),
    ]
    doc = document("Two quasistatic arms on one pump",
                   "notes/004 §10, the paper's Fig. 13 scenario II: two arms of §8 as equivalent translational masses "
                   "({:.0f} kg at theta0 = -30 deg, {:.0f} kg at +20 deg; gravity {:.1f} and {:.1f} kN along the rods) on "
                   "one pump (§3.4 values, bleed 0.2). Arm 1 is raised (u_c1 = -0.6) over 0.5-2.5 s; arm 2 is driven down "
                   "(u_c2 = +0.6, the paper gives no magnitude) over 1-2 s and takes pump oil: arm 1 slows meanwhile."
                   .format(equivalent_mass(t1), equivalent_mass(t2), gravity_along_rod(t1) / 1e3,
                           gravity_along_rod(t2) / 1e3), comps, wires, probes, configs)
    doc["simulation"]["duration"] = 3.0
    return doc


# The rotating arm (§8, (79)): inertia J + M Lg^2 about the pivot, gravity M g at Lg, the tip load
# f_ey at L_f = 3 m; the cylinder from r_b to r_m (QuasistaticArmActuator / CylinderArmLinkage
# declare the same geometry as defaults). Duty cycle of the paper's Fig. 6a over 10 s: hold while
# f_ey sways (20 kN at 1 Hz), retract (the arm rises) at u_c = -0.3 over 3-6 s, valves closed from
# 6 s while f_ey ramps down at -40 kN/s until the rod-side relief opens (f = -F_rM = -480 kN) and
# the arm falls; the load is released at 9 s and the arm holds again.
ARM_INERTIA = INERTIA + MASS * LG**2   # 9500 kg m2
TIP_RADIUS, TIP_RAMP = 3.0, -40e3
ROD_MASS = 100.0                       # piston and rod of the compressible cylinder [kg]


def rotating_quasistatic_part():
    comps = [
        component("command", "Table", 0, 0, points="0 0; 3 0; 3 -0.3; 6 -0.3; 6 0"),
        component("tip_ramp", "Table", 0, 0, points="0 0; 6 0; 9 %g; 9.1 0" % (3 * TIP_RAMP)),
        component("sway", "Sine", 0, 0, amplitude=20e3, omega=2 * math.pi, phase=0.0, offset=0.0),
        component("f_ey", "Sum", 0, 0, a=1.0, b=1.0),
        component("qs", "QuasistaticArmActuator", 0, 0, u_b=BLEED, theta0=0.0, coupling="auto"),
        component("qs_arm", "RotationalInertia", 0, 0, J=ARM_INERTIA),
        component("qs_gravity", "ArmVerticalForce", 0, 0, r=LG, F=-MASS * G),
        component("qs_tip", "ArmVerticalForce", 0, 0, r=TIP_RADIUS, F=0.0),
    ]
    wires = [wire("command.out", "qs.u_c"), wire("tip_ramp.out", "f_ey.in1"), wire("sway.out", "f_ey.in2"),
             wire("f_ey.out", "qs_tip.F"), wire("qs.arm", "qs_arm.shaft"), wire("qs_gravity.arm", "qs_arm.shaft"),
             wire("qs_tip.arm", "qs_arm.shaft")]
    return comps, wires


def rotating_compressible_part():
    """The hydraulics of compressible_part(); its cylinder's rod (100 kg) turns a second arm through
    CylinderArmLinkage (x = l(theta) - l0, x0 = 0.5 m at theta = 0: l0 = l(0) - 0.5)."""
    comps, wires = compressible_part()
    drop = {"cyl_mass", "cyl_load", "qs_x", "cyl_x", "model_gap"}
    comps = [c for c in comps if c["id"] not in drop]
    wires = [w for w in wires if not any(w[k].split(".")[0] in drop or w[k].startswith("load_sum") or
                                         w[k].startswith("qs.") for k in ("from", "to"))]
    comps += [
        component("cyl_rod", "Mass", 0, 0, m=ROD_MASS),
        component("link", "CylinderArmLinkage", 0, 0, theta0=0.0, x0=0.5, k=1e10, c=1e6),
        component("arm", "RotationalInertia", 0, 0, J=ARM_INERTIA),
        component("gravity", "ArmVerticalForce", 0, 0, r=LG, F=-MASS * G),
        component("tip", "ArmVerticalForce", 0, 0, r=TIP_RADIUS, F=0.0),
    ]
    wires += [wire("cyl.rod", "cyl_rod.m"), wire("cyl.rod", "link.rod"), wire("link.arm", "arm.shaft"),
              wire("gravity.arm", "arm.shaft"), wire("tip.arm", "arm.shaft"), wire("f_ey.out", "tip.F")]
    return comps, wires


ROTATING_ARM = ("the 1-DOF arm of notes/004 §8 with its rotational mechanics: inertia J + M*Lg^2 = {:.0f} kg m2 "
                "about the pivot, gravity M g = {:.2f} kN at Lg = 1.5 m, the tip load f_ey at 3 m, the cylinder "
                "from r_b = (-0.5, -1.5) m (the notes' assumption) to r_m at L_m = 0.6 m, alpha = pi/4. Duty cycle "
                "(the paper's Fig. 6a in kind, 10 s): hold while f_ey sways (20 kN at 1 Hz), retract at u_c = -0.3 "
                "over 3-6 s (the arm rises), valves closed from 6 s while f_ey ramps at {:.0f} kN/s until the "
                "rod-side relief opens at f = -F_rM = -480 kN and the arm falls; the load is released at 9-9.1 s.").format(ARM_INERTIA, MASS * G / 1e3, TIP_RAMP / 1e3)


def rotating_arm():
    qc, qw = rotating_quasistatic_part()
    cc, cw = rotating_compressible_part()
    probes = [{"name": "theta quasistatic", "quantity": "angle", "target": "qs_arm.shaft"},
              {"name": "theta compressible", "quantity": "angle", "target": "arm.shaft"},
              {"name": "T quasistatic", "quantity": "torque", "target": "qs.arm"},
              {"name": "p head", "quantity": "pressure", "target": "cyl.A"},
              {"name": "p rod", "quantity": "pressure", "target": "cyl.B"}]
    configs = [
        configuration("CVODE", "cvode", 1e-6, "Reference: CVODE BDF, rtol = atol = 1e-8; the quasistatic actuator "
                      "runs the resolvent ODE (70) (coupling auto under an adaptive stepper)", reference=True),
        configuration("CVODE 1e-6", "cvode", 1e-6, "CVODE at rtol = atol = 1e-6 (0.013 deg from the reference)"),
        dict(configuration("RK4 0.2 ms, local implicit", "rk4", 2e-4, "Every node local implicit, RK4 at 0.2 ms: "
                           "the fastest accelerated configuration of the compressible circuit found (docs/validation.md); "
                           "the quasistatic actuator runs the DAR step (72) at 0.2 ms"),
             default_method={"method": "local_implicit", "params": {}}),
        configuration("DAR 1 ms, implicit Euler", "implicit_euler", 1e-3, "Fixed step 1 ms: the quasistatic "
                      "actuator runs the DAR step (72) (coupling auto); the compressible half rides along under "
                      "implicit Euler at 1 ms (bounded, not accurate: see docs/validation.md)"),
    ]
    lay_out_in_rows(qc + cc, qw + cw)
    doc = document("Quasistatic vs compressible rotating arm",
                   "notes/004 §8, §11: the paper's actuator (§3.4 values, bleed 0.3) twice, as the nonsmooth "
                   "quasistatic actuator on the arm's rotational node (QuasistaticArmActuator, top) and as the "
                   "compressible circuit of notes §11 (bottom) whose cylinder rod (100 kg) turns a second arm through "
                   "CylinderArmLinkage; each drives " + ROTATING_ARM, qc + cc, qw + cw, probes, configs)
    doc["simulation"]["duration"] = 10.0
    return doc


def rotating_arm_dar():
    qc, qw = rotating_quasistatic_part()
    probes = [{"name": "theta quasistatic", "quantity": "angle", "target": "qs_arm.shaft"},
              {"name": "T quasistatic", "quantity": "torque", "target": "qs.arm"},
              {"name": "stretch", "quantity": "signal", "target": "qs.stretch"}]
    configs = [
        configuration("DAR 0.1 ms", "rk4", 1e-4, "Reference: the DAR step (72) at 0.1 ms", reference=True),
        configuration("DAR 1 ms", "rk4", 1e-3, "The paper's step, 1 ms (K 5e7 N/m, B 2.5e6 N*s/m)"),
        configuration("DAR 10 ms", "rk4", 1e-2, "10 ms"),
        configuration("ODE (70), CVODE", "cvode", 1e-6, "CVODE rtol = atol = 1e-8: coupling auto runs the resolvent "
                      "ODE (70) under an adaptive stepper"),
    ]
    lay_out_in_rows(qc, qw)
    doc = document("Quasistatic rotating arm, DAR step (72)",
                   "notes/004 §7-8: the nonsmooth quasistatic actuator (§3.4 values, bleed 0.3) on the arm's rotational "
                   "node, the DAR step (72) once per fixed step (coupling auto), driving " + ROTATING_ARM,
                   qc, qw, probes, configs)
    doc["simulation"]["duration"] = 10.0
    return doc


if __name__ == "__main__":
    for path, doc in (("examples/quasistatic_arm.hydro.json", side_by_side()),
                      ("examples/quasistatic_arm_dar.hydro.json", dar_alone()),
                      ("examples/quasistatic_two_arms.hydro.json", two_arms()),
                      ("examples/quasistatic_rotating_arm.hydro.json", rotating_arm()),
                      ("examples/quasistatic_rotating_arm_dar.hydro.json", rotating_arm_dar())):
        with open(path, "w") as f:
            json.dump(doc, f, indent=4)
        print("wrote", path)
