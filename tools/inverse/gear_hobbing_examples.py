#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the gear-hobbing case-study circuits of Saad 2014 ch. VII (notes/002 §3.2) as example
files: one circuit, five parameter sets (Cyl 1, 2, 3, 3 with the small valve, 3b). Parameters the
thesis leaves out are the notes' §7 assumptions (mass 50 kg, dead volumes 1e-4 m3, Be 1.74 GPa,
Stribeck 1000 N s/m, 100 N, 50 N, 0.01 m/s, gamma 1000). Run from the repository root, then
`hydrostiff-cli format examples/gear_hobbing_*.hydro.json` to put them in canonical form."""
import json, math

CASES = [
    # file stem, title, bore, head-side rod (A side), rod-side rod (B side), p_s, q_nom of the valve,
    # gain of the forward P controller [1/m] (the thesis's 10 is unstable with the assumed mass,
    # volumes and friction: the loop gain Kp*q_nom/sqrt(dp_nom)*sqrt(dp)/A_A must stay below the
    # lightly damped hydraulic mode; the small valve takes 15 times the gain)
    ("gear_hobbing_cyl1", "Cyl 1 (100/80/80 mm, 100 bar)", 0.100, 0.080, 0.080, 100e5, 0.0125, 4),
    ("gear_hobbing_cyl2", "Cyl 2 (91/80/80 mm, 100 bar)", 0.091, 0.080, 0.080, 100e5, 0.0125, 4),
    ("gear_hobbing_cyl3", "Cyl 3 (82/77/80 mm, 200 bar)", 0.082, 0.077, 0.080, 200e5, 0.0125, 4),
    ("gear_hobbing_cyl3_small_valve", "Cyl 3 with the small valve (q_nom 0.0125/15)", 0.082, 0.077, 0.080, 200e5, 0.0125 / 15, 60),
    ("gear_hobbing_cyl3b", "Cyl 3b (82/78/80 mm, 200 bar): infeasible", 0.082, 0.078, 0.080, 200e5, 0.0125, 4),
]


def comp(id_, type_, x, y, params=None, text=None):
    c = {"id": id_, "type": type_, "pose": {"x": x, "y": y, "rotation": 0, "flip": False}, "parameters": params or {}}
    c["parameters"].update(text or {})
    return c


def circuit(stem, title, bore, rodA, rodB, ps, qnom, kp):
    A1 = math.pi / 4 * (bore**2 - rodA**2)
    A2 = math.pi / 4 * (bore**2 - rodB**2)
    pA0 = 60e5
    comps = [
        comp("supply", "PressureSource", 100, 400, {"p": ps}),
        comp("tank", "Tank", 300, 400, {"p": 101325}),
        comp("valve", "DirectionalValve43", 200, 300,
             {"sizing": "nominal point", "q_nom": qnom, "dp_nom": 1e7, "rho_nom": 850, "Kv": 1, "Ud": 0,
              "wn": 2 * math.pi * 100, "zeta": 1, "Cv": 0, "dp_tr": 1000, "Us0": 0}),
        comp("cyl", "Cylinder", 200, 150,
             {"A1": A1, "A2": A2, "stroke": 0.3, "V_dead_A": 1e-4, "V_dead_B": 1e-4, "x0": 0.05, "pA0": pA0,
              "pB0": pA0 * A1 / A2, "L": 0, "m_piston": 50, "k_stop": 1e9, "c_stop": 1e6}),
        comp("friction", "StribeckFriction", 530, 150, {"sigma": 1000, "F_c0": 100, "F_s0": 50, "c_s": 0.01, "gamma": 1000}),
        comp("load", "ForceSource", 450, 230, {"F": 0}),
        comp("force_profile", "SmoothSteps", 340, 230, {"initial": 0, "order": 4},
             {"steps": "0.2 0.3 -10000; 0.95 1.05 0"}),
        comp("motion", "SmoothMotion", 330, 40, {"x0": 0.05, "t_ramp": 0.05, "order": 4},
             {"moves": "0.1 1.1 0.3; 1.1 1.44 0.05", "free": "valve.U"}),
        comp("xsens", "PositionSensor", 420, 100),
        comp("ctrl", "PIController", 0, 200, {"Kp": kp, "Ki": 0, "umin": -1, "umax": 1}),
    ]
    W = lambda a, b, pts=(): {"from": a, "to": b, "points": [list(p) for p in pts]}
    # Scene layout: the rod's node runs right along y = 150; the controller's inputs come round the top.
    wires = [W("supply.P", "valve.P"), W("tank.P", "valve.T"), W("valve.A", "cyl.A", [(190, 230), (120, 230), (120, 100), (160, 100)]),
             W("valve.B", "cyl.B", [(210, 240), (290, 240), (290, 90), (220, 90)]),
             W("cyl.rod", "friction.m"), W("cyl.rod", "load.m", [(490, 150), (490, 230)]),
             W("cyl.rod", "motion.rod", [(330, 150)]), W("cyl.rod", "xsens.m", [(420, 150)]),
             W("force_profile.out", "load.F"),
             W("motion.x", "ctrl.ref", [(390, 20), (390, -20), (-70, -20), (-70, 190)]),
             W("xsens.x", "ctrl.meas", [(470, 100), (470, -40), (-90, -40), (-90, 210)]),
             W("ctrl.u", "valve.U", [(80, 200), (80, 310)])]
    cfg = lambda name, dt, ref, desc: {"name": name, "stepper": "rk4", "dt": dt, "reference": ref, "description": desc,
                                       "rtol": 1e-8, "atol": 1e-8, "max_step": 0, "methods": {}}
    return {
        "format": 1,
        "name": "Gear-hobbing axis, " + title,
        "description": (
            "Saad 2014 ch. VII (notes/002 §3.2): constant-pressure supply, closed-centre 4/3 valve sized by its nominal "
            "point (q_nom at 100 bar, 100 Hz, damping 1), differential cylinder (bore/head-side rod/rod-side rod as in the "
            "title, stroke 0.3 m), 10 kN cutting force opposing the working stroke (0.2-0.3 s up, 0.95-1.05 s down, C^4), "
            "smooth Stribeck friction. The SmoothMotion prescribes the rod: 0.05 m (the thesis's 0.55 m minus the 0.5 m "
            "closed length) to 0.30 m by 1.1 s, back by 1.44 s, velocity corners C^4 of 0.05 s. 'hydrostiff-cli inverse' "
            "computes the valve opening and command; a forward run closes the loop with the thesis's P controller (Figs. 44/45; "
            "gain " + str(kp) + " 1/m here: the thesis's 10 is unstable with the assumed parameters), following error x_v/Kp. "
            "Mass, dead volumes, friction and Be are the notes' §7 assumptions (the thesis does not give them)."),
        "fluid": {"density": 870, "bulk_modulus": {"model": "constant", "value": 1.74e9}},
        "simulation": {"duration": 2.0, "record_interval": 0.001, "p_max": 3e7, "p_min": -1e7},
        "components": comps,
        "wires": wires,
        "probes": [{"name": "x", "quantity": "position", "target": "cyl.rod"},
                   {"name": "p_A", "quantity": "pressure", "target": "cyl.A"},
                   {"name": "p_B", "quantity": "pressure", "target": "cyl.B"},
                   {"name": "x_v", "quantity": "state", "target": "valve.Us"},
                   {"name": "x_ref", "quantity": "signal", "target": "motion.x"}],
        "configurations": [cfg("RK4 1e-5", 1e-5, True, "Reference: fixed-step RK4 at 1e-5 s (the inverse's step)"),
                           cfg("RK4 2e-5", 2e-5, False, "Fixed-step RK4 at 2e-5 s")],
    }


for stem, title, bore, rodA, rodB, ps, qnom, kp in CASES:
    with open(f"examples/{stem}.hydro.json", "w") as f:
        json.dump(circuit(stem, title, bore, rodA, rodB, ps, qnom, kp), f, indent=4)
