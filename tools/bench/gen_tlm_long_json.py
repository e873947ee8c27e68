#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
# The long TLM chain of hs-tlm-long (tools/bench/tlm_long_circuit.h) as a .hydro.json, for CLI runs
# (CPU time of the engine thread) and CSV comparisons: configurations "TLM 1 thread", "TLM 2 threads"
# and "TLM exchange 3"; probes on both kinds of volume, the slot pressures and the orifice flows.
# Usage: gen_tlm_long_json.py N OUT.hydro.json
import json, sys
N = int(sys.argv[1]); out = sys.argv[2]
hc = [{"id": "src", "type": "PressureSource", "parameters": {"p": 1e7}}]; hw = []; prev = "src.P"
for k in range(N):
    hc += [{"id": f"T{k}", "type": "Volume", "parameters": {"V": 1e-7}},
           {"id": f"a{k}", "type": "TurbulentOrifice", "parameters": {"spec": "k", "k": 2.2e-8, "dp_tr": 1e5}},
           {"id": f"I{k}", "type": "Volume", "parameters": {"V": 1e-3}},
           {"id": f"b{k}", "type": "LaminarOrifice", "parameters": {"G": 1e-10}}]
    hw += [{"from": prev, "to": f"T{k}.P1"}, {"from": f"T{k}.P2", "to": f"a{k}.A"},
           {"from": f"a{k}.B", "to": f"I{k}.P1"}, {"from": f"I{k}.P2", "to": f"b{k}.A"}]
    prev = f"b{k}.B"
hc.append({"id": "tank", "type": "Tank", "parameters": {"p": 0}}); hw.append({"from": prev, "to": "tank.P"})
for i, c in enumerate(hc): c["pose"] = {"x": 80 + 40 * i, "y": 200, "rotation": 0, "flip": False}
probes = []
for k in sorted(set([0, 1, N // 2, N - 1])):
    probes += [{"name": f"pI{k}", "quantity": "pressure", "target": f"I{k}.P1"},
               {"name": f"pT{k}", "quantity": "pressure", "target": f"T{k}.P1"},
               {"name": f"pT{k}b", "quantity": "pressure", "target": f"T{k}.P2"},
               {"name": f"qa{k}", "quantity": "flow", "target": f"a{k}.A"},
               {"name": f"qb{k}", "quantity": "flow", "target": f"b{k}.A"}]
methods = {f"T{k}": {"method": "tlm", "params": {"alpha": 0.2, "exchange": 1}} for k in range(N)}
def cfg(name, threads, exch=1):
    m = {f"T{k}": {"method": "tlm", "params": {"alpha": 0.2, "exchange": exch}} for k in range(N)}
    return {"name": name, "stepper": "rk4", "dt": 1e-5, "atol": 1e-8, "rtol": 1e-8, "max_step": 0,
            "reference": name.startswith("TLM 1"), "methods": m, "threads": threads, "description": name}
doc = {"format": 1, "name": f"long chain {N}", "description": "hs-tlm-long circuit",
       "fluid": {"bulk_modulus": {"model": "constant", "value": 1e9}, "density": 870},
       "components": hc, "wires": hw, "probes": probes,
       "simulation": {"duration": 0.05, "record_interval": 1e-4, "p_max": 1e9, "p_min": -1e7},
       "configurations": [cfg("TLM 1 thread", 1), cfg("TLM 2 threads", 2), cfg("TLM exchange 3", 1, 3)],
       "benchmarks": []}
json.dump(doc, open(out, "w"), indent=1)
