#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Write a Hopsan .hmf of the HydroStiff three-orifice circuit, whole-circuit TLM.

supply (HydraulicPressureSourceC, 10 MPa) - O1 - V1 (1e-3 m3) - O2 - V2 (1e-5 m3) - O3 - tank (0 Pa)
Orifices: HydraulicTurbulentOrifice, Cq 0.6, A = pi/4 (1 mm)^2, rho 900.
Volumes: HydraulicVolume, Beta_e 1.5e9, alpha 0.1, start pressure 0.
Usage: gen_three_orifice_hmf.py OUT.hmf [timestep] [stop] [logsamples]
"""
import sys

out = sys.argv[1]
ts = sys.argv[2] if len(sys.argv) > 2 else "1e-05"
stop = sys.argv[3] if len(sys.argv) > 3 else "1"
nlog = sys.argv[4] if len(sys.argv) > 4 else "101"

A = "7.853981633974483e-07"

def comp(typ, name, params, ports):
    ps = "\n".join(f'          <parameter name="{n}" value="{v}" type="double"/>' for n, v in params)
    pts = "\n".join(f'          <port nodetype="{nt}" name="{pn}"/>' for pn, nt in ports)
    return (f'      <component typename="{typ}" name="{name}" subtypename="" disabled="false" locked="false">\n'
            f'        <parameters>\n{ps}\n        </parameters>\n'
            f'        <ports>\n{pts}\n        </ports>\n      </component>')

H = "NodeHydraulic"
orifice = lambda n: comp("HydraulicTurbulentOrifice", n,
                         [("A#Value", A), ("C_q#Value", "0.6"), ("rho#Value", "900")],
                         [("P1", H), ("P2", H)])
volume = lambda n, V: comp("HydraulicVolume", n,
                           [("P1#Flow", "0"), ("P1#Pressure", "0"), ("P2#Flow", "0"), ("P2#Pressure", "0"),
                            ("alpha#Value", "0.1"), ("V", V), ("Beta_e", "1.5e9")],
                           [("P1", H), ("P2", H)])
comps = [
    comp("HydraulicPressureSourceC", "supply", [("p#Value", "10000000")], [("P1", H)]),
    orifice("O1"), volume("V1", "0.001"), orifice("O2"), volume("V2", "1e-05"), orifice("O3"),
    comp("HydraulicTankC", "tank", [("p", "0")], [("P1", H)]),
]
wires = [("supply", "P1", "O1", "P1"), ("O1", "P2", "V1", "P1"), ("V1", "P2", "O2", "P1"),
         ("O2", "P2", "V2", "P1"), ("V2", "P2", "O3", "P1"), ("O3", "P2", "tank", "P1")]
conns = "\n".join(f'      <connect startcomponent="{a}" startport="{ap}" endcomponent="{b}" endport="{bp}"/>'
                  for a, ap, b, bp in wires)
xml = f'''<?xml version="1.0" encoding="UTF-8"?>
<hopsanmodelfile hmfversion="0.4" hopsanguiversion="2.24.1" hopsancoreversion="2.24.1">
  <requirements>
    <componentlibrary>
      <id>59c07d33-554f-49d3-a163-a928823d4380</id>
      <name>HopsanDefaultComponentLibrary</name>
    </componentlibrary>
  </requirements>
  <system typename="Subsystem" name="three_orifice_tlm" subtypename="" disabled="false" locked="false" cqstype="UndefinedCQSType">
    <simulationtime start="0" stop="{stop}" timestep="{ts}" inherit_timestep="true"/>
    <simulationlogsettings numsamples="{nlog}" starttime="0"/>
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
'''
open(out, "w").write(xml)
