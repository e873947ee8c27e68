#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Check resources/symbols/<Type>.svg against the symbol convention the GUI relies on.

The GUI (widgets/symbol_library.cpp) renders each file with QtSvg and reads port anchors from the
centres of <circle id="port-<name>"> elements, so a symbol that breaks the convention shows up as
an unwireable or misplaced port only when someone happens to drop that component. This script
finds those mistakes up front.

Usage:  tools/check_symbols.py [--dir resources/symbols] [--cli build/app/cli/hydrostiff-cli]
With --cli the embedded port table is also compared with the registry the CLI reports, so a port
added to a component spec without a matching symbol edit is caught.
Exit status 0 when every check passes, 1 otherwise. Standard library only.
"""
import argparse
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

GRID = 10
SVG_NS = "{http://www.w3.org/2000/svg}"
PORT_FILL = {"hydraulic": "#1f4e9a", "mechanical": "#555555", "signal": "#2e8b57"}
H, M, S = "hydraulic", "mechanical", "signal"

# Type -> ports (name, domain), as declared in the component registry.
EXPECTED = {
    "PressureSource": [("P", H), ("p", S)],
    "Tank": [("P", H)],
    "FlowSource": [("P", H), ("Q", S)],
    "Volume": [("P1", H), ("P2", H), ("P3", H), ("P4", H)],
    "TurbulentOrifice": [("A", H), ("B", H)],
    "LaminarOrifice": [("A", H), ("B", H)],
    "PressureCompensator": [("P", H), ("C", H), ("LS", H), ("pload", S)],
    "ControlThrottle": [("A", H), ("B", H), ("U", S)],
    "OnOffValve": [("A", H), ("B", H), ("open", S)],
    "DirectionalValve43": [("P", H), ("A", H), ("B", H), ("T", H), ("U", S)],
    "ShuttleValve": [("A", H), ("B", H), ("p", S)],
    "CheckValve": [("A", H), ("B", H)],
    "ReliefValve": [("P", H), ("T", H)],
    "PressureReducingValve": [("P", H), ("A", H), ("T", H)],
    "SequenceValve": [("P", H), ("A", H), ("X", H)],
    "CounterbalanceValve": [("A", H), ("B", H), ("X", H)],
    "PilotCheckValve": [("A", H), ("B", H), ("X", H)],
    "FlowControlValve": [("A", H), ("B", H), ("Q", S)],
    "ThrottleCheckValve": [("A", H), ("B", H)],
    "FlowDivider": [("P", H), ("A", H), ("B", H)],
    "SpoolValve22": [("P", H), ("A", H), ("in", S), ("xv", S)],
    "SpoolValve32": [("P", H), ("A", H), ("T", H), ("in", S), ("xv", S)],
    "SpoolValve42": [("P", H), ("A", H), ("B", H), ("T", H), ("in", S), ("xv", S)],
    "SwitchableCheckValve": [("A", H), ("B", H), ("in", S)],
    "SpoolValve33": [("P", H), ("A", H), ("T", H), ("in", S), ("xv", S)],
    "SpoolValve43": [("P", H), ("A", H), ("B", H), ("T", H), ("in", S), ("xv", S)],
    "LoadSensingValve43": [("P", H), ("A", H), ("B", H), ("T", H), ("in", S), ("xv", S), ("pLS", S)],
    "OpenCentreValve63": [("P", H), ("A", H), ("B", H), ("T", H), ("C1", H), ("C2", H), ("in", S), ("xv", S)],
    "ServoValve": [("P", H), ("A", H), ("B", H), ("T", H), ("i", S)],
    "GasAccumulator": [("P", H), ("p_gas", S), ("V_gas", S)],
    "PistonAccumulator": [("P", H)],
    "Pipe": [("A", H), ("B", H)],
    "ValvePlate": [("A", H), ("B", H), ("w", S)] + [("c%d" % k, H) for k in range(1, 10)] + [("angle", S)],
    "SingleActingCylinder": [("A", H), ("rod", M)],
    "EndStop": [("m", M)],
    "PositionSource": [("m", M), ("x", S), ("v", S)],
    "CoulombViscousFriction": [("m", M)],
    "Cylinder": [("A", H), ("B", H), ("rod", M)],
    "FourChamberCylinder": [("A", H), ("B", H), ("C", H), ("D", H), ("rod", M)],
    "Mass": [("m", M)],
    "LuGreFriction": [("m", M)],
    "ViscousFriction": [("m", M)],
    "Spring": [("m", M)],
    "ForceSource": [("m", M), ("F", S)],
    "PressureSensor": [("P", H), ("p", S)],
    "PositionSensor": [("m", M), ("x", S)],
    "VelocitySensor": [("m", M), ("v", S)],
    "FlowSensor": [("Q", S)],
    "ForceSensor": [("F", S)],
    "Constant": [("out", S)],
    "Step": [("out", S)],
    "Ramp": [("out", S)],
    "Sine": [("out", S)],
    "Square": [("out", S)],
    "PRMS": [("out", S)],
    "Table": [("out", S)],
    "SmoothTransition": [("out", S)],
    "Gain": [("in", S), ("out", S)],
    "Sum": [("in1", S), ("in2", S), ("out", S)],
    "PIController": [("ref", S), ("meas", S), ("u", S)],
    "TlmLine": [("A", H), ("B", H)],
}

# QtSvg implements SVG Tiny 1.2: these either do nothing there or make the file fail to load.
FORBIDDEN_TAGS = {"style", "filter", "marker", "foreignObject", "script", "mask", "clipPath", "pattern", "symbol"}
FORBIDDEN_ATTRS = {"class", "style", "filter", "marker-start", "marker-mid", "marker-end", "mask", "clip-path"}


def local(tag):
    return tag[len(SVG_NS):] if tag.startswith(SVG_NS) else tag


def on_grid(v):
    return abs(v / GRID - round(v / GRID)) < 1e-9


def number(s, what, errs):
    try:
        return float(s)
    except (TypeError, ValueError):
        errs.append("%s is %r, not a number" % (what, s))
        return None


def check_file(path, ports):
    """Return the list of problems with one symbol file (empty when it is fine)."""
    errs = []
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        return ["does not parse as XML: %s" % e]
    if local(root.tag) != "svg":
        return ["root element is <%s>, not <svg>" % local(root.tag)]

    vb = (root.get("viewBox") or "").replace(",", " ").split()
    w = number(root.get("width"), "width", errs)
    h = number(root.get("height"), "height", errs)
    if len(vb) != 4:
        errs.append("viewBox %r is not 'x y W H'" % root.get("viewBox"))
        vbw = vbh = None
    else:
        vx, vy, vbw, vbh = (number(v, "viewBox", errs) for v in vb)
        if vx != 0 or vy != 0:
            errs.append("viewBox must start at 0 0, starts at %s %s" % (vb[0], vb[1]))
        for name, v in (("viewBox width", vbw), ("viewBox height", vbh)):
            if v is not None and (v <= 0 or not on_grid(v)):
                errs.append("%s %g is not a positive multiple of %d" % (name, v, GRID))
        if w is not None and vbw is not None and w != vbw:
            errs.append("width %g differs from the viewBox width %g (symbols are drawn 1:1)" % (w, vbw))
        if h is not None and vbh is not None and h != vbh:
            errs.append("height %g differs from the viewBox height %g" % (h, vbh))

    body = [e for e in root.iter() if local(e.tag) == "g" and e.get("id") == "body"]
    if not body:
        errs.append('no <g id="body"> group')

    for e in root.iter():
        tag = local(e.tag)
        if tag in FORBIDDEN_TAGS:
            errs.append("<%s> is not rendered by QtSvg; use inline attributes" % tag)
        bad = sorted(a for a in e.attrib if a in FORBIDDEN_ATTRS)
        if bad:
            errs.append("<%s> uses %s; use inline presentation attributes" % (tag, ", ".join(bad)))
        if tag == "text":
            fam = e.get("font-family") or ""
            if "sans-serif" not in fam:
                errs.append("<text> %r has font-family %r, expected sans-serif" % ((e.text or "").strip(), fam))

    found = {}
    for e in root.iter():
        pid = e.get("id") or ""
        if not pid.startswith("port-"):
            continue
        name = pid[len("port-"):]
        if name in found:
            errs.append("port %s defined twice" % name)
        found[name] = e

    expected = dict(ports)
    missing = sorted(set(expected) - set(found))
    extra = sorted(set(found) - set(expected))
    if missing:
        errs.append("ports missing: %s" % ", ".join(missing))
    if extra:
        errs.append("ports the type does not declare: %s" % ", ".join(extra))

    for name, e in sorted(found.items()):
        if local(e.tag) != "circle":
            errs.append("port %s is a <%s>, expected <circle>" % (name, local(e.tag)))
            continue
        if e.get("transform") or any(p.get("transform") for p in root.iter() if e in list(p)):
            errs.append("port %s is transformed; give its centre directly" % name)
        cx = number(e.get("cx"), "port %s cx" % name, errs)
        cy = number(e.get("cy"), "port %s cy" % name, errs)
        r = number(e.get("r"), "port %s r" % name, errs)
        if r is not None and r != 3:
            errs.append("port %s has r=%g, expected 3" % (name, r))
        if cx is None or cy is None:
            continue
        if not (on_grid(cx) and on_grid(cy)):
            errs.append("port %s centre (%g, %g) is off the %d px grid" % (name, cx, cy, GRID))
        if vbw is not None and vbh is not None:
            if not (0 <= cx <= vbw and 0 <= cy <= vbh):
                errs.append("port %s centre (%g, %g) lies outside the viewBox" % (name, cx, cy))
            elif cx not in (0, vbw) and cy not in (0, vbh):
                errs.append("port %s centre (%g, %g) is not on the symbol's outer edge" % (name, cx, cy))
        dom = expected.get(name)
        if dom and (e.get("fill") or "").lower() != PORT_FILL[dom]:
            errs.append("port %s is %s; its fill should be %s, not %r" % (name, dom, PORT_FILL[dom], e.get("fill")))
    return errs


def registry_ports(cli, type_id):
    """Ports of one type as the CLI reports them: [(name, domain)], or None when it is unknown."""
    res = subprocess.run([cli, "components", type_id], capture_output=True, text=True)
    if res.returncode != 0:
        return None
    ports, inside = [], False
    for line in res.stdout.splitlines():
        if line.startswith("ports:"):
            inside = True
            continue
        if inside:
            m = re.match(r"^\s+(\S+)\s+(hydraulic|mechanical|signal)\b", line)
            if not m:
                break
            ports.append((m.group(1), m.group(2)))
    return ports


def registry_types(cli):
    res = subprocess.run([cli, "components"], capture_output=True, text=True, check=True)
    return [line.split()[0] for line in res.stdout.splitlines() if line.strip()]


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir", default=os.path.join(here, "..", "resources", "symbols"))
    ap.add_argument("--cli", help="hydrostiff-cli, to compare the embedded port table with the registry")
    args = ap.parse_args()

    failures = 0
    for type_id, ports in EXPECTED.items():
        path = os.path.join(args.dir, type_id + ".svg")
        if not os.path.exists(path):
            print("FAIL %-20s no file %s" % (type_id, path))
            failures += 1
            continue
        errs = check_file(path, ports)
        if errs:
            failures += 1
            for e in errs:
                print("FAIL %-20s %s" % (type_id, e))
        else:
            print("ok   %-20s %s" % (type_id, " ".join(p for p, _ in ports)))

    for f in sorted(os.listdir(args.dir)):
        if f.endswith(".svg") and f[:-4] not in EXPECTED:
            print("FAIL %-20s symbol file for a type this script does not know" % f[:-4])
            failures += 1

    if args.cli:
        known = registry_types(args.cli)
        for type_id in known:
            if type_id not in EXPECTED:
                print("FAIL %-20s registered but has no entry here (and likely no symbol)" % type_id)
                failures += 1
        for type_id, ports in EXPECTED.items():
            reg = registry_ports(args.cli, type_id)
            if reg is None:
                print("note %-20s not registered in this build (symbol kept for when it is)" % type_id)
            elif sorted(reg) != sorted(ports):
                print("FAIL %-20s registry ports %s differ from the table %s" % (type_id, reg, ports))
                failures += 1

    print("%d symbol(s) checked, %d failing" % (len(EXPECTED), failures))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
