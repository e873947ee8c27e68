#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write a whole-circuit TLM chain of N segments as a Hopsan .hmf and a HydroStiff .hydro.json.

The chain follows HydroStiff's tools/bench/tlm_long_circuit.h, but with every volume TLM (as
Hopsan does) and no laminar transition in the turbulent orifice (Hopsan's has none):
  10 MPa source -> N x [ turbulent orifice a<k> (k 2.2e-8 m3/(s Pa^0.5)) -> volume T<k> (VT, default 1e-5 m3)
                         -> laminar orifice b<k> (G 1e-10 m3/(s Pa)) -> volume I<k> 1 l ]
                -> laminar orifice bend (G 1e-10) -> tank 0 Pa
VT defaults to 1e-5 m3, not tlm_long_circuit.h's 0.1 ml: with 0.1 ml (Zc 1.1e11) the start-up
ringing drives port pressures below 0, where Hopsan's orifices clamp (cavitation) and HydroStiff's
do not, so the two results part (0.5 Pa of 3.5e5 at N = 2).
(The order differs from tlm_long_circuit.h so that Hopsan's C/Q types alternate: source (C),
orifice (Q), volume (C), ..., orifice (Q), tank (C).)
Be 1e9 Pa (constant), rho 870, alpha 0.1, start pressure 0, dt 1e-5 s.
Hopsan: HydraulicTurbulentOrifice Kc = C_q A sqrt(2/rho): C_q 1, rho 2, A 2.2e-8 gives Kc 2.2e-8.
usage: gen_tlm_chain.py N OUT_PREFIX [VT]   (writes OUT_PREFIX.hmf and OUT_PREFIX.hydro.json)
"""
import json, sys

N = int(sys.argv[1]); out = sys.argv[2]
VT = sys.argv[3] if len(sys.argv) > 3 else "1e-05"
H = "NodeHydraulic"

def comp(typ, name, params, ports):
    ps = "\n".join(f'          <parameter name="{n}" value="{v}" type="double"/>' for n, v in params)
    pts = "\n".join(f'          <port nodetype="{H}" name="{p}"/>' for p in ports)
    return (f'      <component typename="{typ}" name="{name}" subtypename="" disabled="false" locked="false">\n'
            f'        <parameters>\n{ps}\n        </parameters>\n        <ports>\n{pts}\n        </ports>\n      </component>')

def vol(name, V):
    return comp("HydraulicVolume", name, [("P1#Flow", "0"), ("P1#Pressure", "0"), ("P2#Flow", "0"),
            ("P2#Pressure", "0"), ("alpha#Value", "0.1"), ("V", V), ("Beta_e", "1e9")], ["P1", "P2"])

comps = [comp("HydraulicPressureSourceC", "src", [("p#Value", "10000000")], ["P1"])]
wires = []
prev = ("src", "P1")
for k in range(N):
    comps += [comp("HydraulicTurbulentOrifice", f"a{k}", [("A#Value", "2.2e-08"), ("C_q#Value", "1"), ("rho#Value", "2")], ["P1", "P2"]),
              vol(f"T{k}", VT),
              comp("HydraulicLaminarOrifice", f"b{k}", [("Kc#Value", "1e-10")], ["P1", "P2"]),
              vol(f"I{k}", "0.001")]
    wires += [(prev, (f"a{k}", "P1")), ((f"a{k}", "P2"), (f"T{k}", "P1")), ((f"T{k}", "P2"), (f"b{k}", "P1")),
              ((f"b{k}", "P2"), (f"I{k}", "P1"))]
    prev = (f"I{k}", "P2")
comps.append(comp("HydraulicLaminarOrifice", "bend", [("Kc#Value", "1e-10")], ["P1", "P2"]))
wires.append((prev, ("bend", "P1")))
prev = ("bend", "P2")
comps.append(comp("HydraulicTankC", "tank", [("p", "0")], ["P1"]))
wires.append((prev, ("tank", "P1")))
conns = "\n".join(f'      <connect startcomponent="{a[0]}" startport="{a[1]}" endcomponent="{b[0]}" endport="{b[1]}"/>' for a, b in wires)
open(out + ".hmf", "w").write(f'''<?xml version="1.0" encoding="UTF-8"?>
<hopsanmodelfile hmfversion="0.4" hopsanguiversion="2.24.1" hopsancoreversion="2.24.1">
  <requirements>
    <componentlibrary>
      <id>59c07d33-554f-49d3-a163-a928823d4380</id>
      <name>HopsanDefaultComponentLibrary</name>
    </componentlibrary>
  </requirements>
  <system typename="Subsystem" name="tlm_chain_{N}" subtypename="" disabled="false" locked="false" cqstype="UndefinedCQSType">
    <simulationtime start="0" stop="0.1" timestep="1e-05" inherit_timestep="true"/>
    <simulationlogsettings numsamples="11" starttime="0"/>
    <parameters/>
    <aliases/>
    <objects>
{chr(10).join(comps)}
    </objects>
    <connections>
{conns}
    </connections>
  </system>
</hopsanmodelfile>
''')

# HydroStiff
hc = [{"id": "src", "type": "PressureSource", "parameters": {"p": 1e7}}]
hw = []
prev = "src.P"
for k in range(N):
    hc += [{"id": f"a{k}", "type": "TurbulentOrifice", "parameters": {"spec": "k", "k": 2.2e-8, "dp_tr": 0}},
           {"id": f"T{k}", "type": "Volume", "parameters": {"V": float(VT), "p0": 0}},
           {"id": f"b{k}", "type": "LaminarOrifice", "parameters": {"G": 1e-10}},
           {"id": f"I{k}", "type": "Volume", "parameters": {"V": 1e-3, "p0": 0}}]
    hw += [{"from": prev, "to": f"a{k}.A"}, {"from": f"a{k}.B", "to": f"T{k}.P1"},
           {"from": f"T{k}.P2", "to": f"b{k}.A"}, {"from": f"b{k}.B", "to": f"I{k}.P1"}]
    prev = f"I{k}.P2"
hc.append({"id": "bend", "type": "LaminarOrifice", "parameters": {"G": 1e-10}})
hw.append({"from": prev, "to": "bend.A"})
prev = "bend.B"
hc.append({"id": "tank", "type": "Tank", "parameters": {"p": 0}})
hw.append({"from": prev, "to": "tank.P"})
for i, c in enumerate(hc):
    c["pose"] = {"x": 80 + 40 * i, "y": 200, "rotation": 0, "flip": False}
doc = {"format": 1, "name": f"TLM chain {N}", "description": "gen_tlm_chain.py (Hopsan comparison)",
       "fluid": {"bulk_modulus": {"model": "constant", "value": 1e9}, "density": 870},
       "components": hc, "wires": hw,
       "probes": [{"name": "pT0", "quantity": "pressure", "target": "T0.P1"},
                  {"name": "pIlast", "quantity": "pressure", "target": f"I{N-1}.P1"}],
       "simulation": {"duration": 0.1, "record_interval": 0.01, "p_max": 1e9, "p_min": -1e7},
       "configurations": [{"name": "TLM all 1e-5", "stepper": "rk4", "dt": 1e-5, "atol": 1e-8, "rtol": 1e-8,
                           "max_step": 0, "reference": True, "methods": {},
                           "default_method": {"method": "tlm", "params": {"alpha": 0.1, "filter": 0}},
                           "description": "every volume TLM, alpha 0.1"}],
       "benchmarks": []}
json.dump(doc, open(out + ".hydro.json", "w"), indent=1)
