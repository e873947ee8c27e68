#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-3.0-or-later
"""Writes the Hopsan models of tests/data/hopsan/generated/ that test the importer's signal
blocks, flow sensors, multiport sources and parameter expressions, simulates them with a
HopsanCLI built outside this project (the peer build of issue 7) and writes Hopsan's results as
.hvd data with an .hvc naming the checked variables (tolerance 0.01, Hopsan's default).

usage: tools/hopsan_generated_models.py HOPSANCLI [OUTDIR]   (default tests/data/hopsan/generated)
"""
import pathlib
import re
import subprocess
import sys
import tempfile


def component(name, typ, params, x, y):
    ps = "\n".join(f'          <parameter name="{k}" value="{v}" type="double"/>' for k, v in params.items())
    return (f'      <component name="{name}" typename="{typ}">\n        <parameters>\n{ps}\n        </parameters>\n'
            f'        <hopsangui><pose x="{x}" y="{y}" a="0" flipped="false"/></hopsangui>\n      </component>')


def model(name, dt, stop, samples, sysparams, comps, conns):
    sp = "\n".join(f'      <parameter name="{k}" value="{v}" type="double"/>' for k, v in sysparams.items())
    cs = "\n".join(component(*c) for c in comps)
    cn = "\n".join(f'      <connect startcomponent="{a}" startport="{b}" endcomponent="{c}" endport="{d}"/>' for a, b, c, d in conns)
    return f'''<?xml version="1.0" encoding="UTF-8"?>
<hopsanmodelfile hmfversion="0.4" hopsancoreversion="2.24.0.20260217.1325" hopsanguiversion="2.24.0">
  <requirements>
    <componentlibrary>HopsanDefaultComponentLibrary</componentlibrary>
  </requirements>
  <system name="{name}" typename="Subsystem">
    <simulationtime start="0" timestep="{dt}" stop="{stop}" inherit_timestep="true"/>
    <simulationlogsettings starttime="0" numsamples="{samples}"/>
    <parameters>
{sp}
    </parameters>
    <objects>
{cs}
    </objects>
    <connections>
{cn}
    </connections>
  </system>
</hopsanmodelfile>
'''


# Signal blocks fed by a step, a soft step and a pulse; system parameters in expressions.
SIGNALS = model("SignalBlocks", "0.001", "3", 3000, {"A_soft": "3", "tau": "0.1"}, [
    ("Step", "SignalStep", {"y_0#Value": 0, "y_A#Value": 2, "t_step#Value": 0.5}, 2000, 2300),
    ("RateLimiter", "SignalRateLimiter", {"c_up#Value": 1, "c_down#Value": -1}, 2100, 2300),
    ("SoftStep", "SignalSoftStep", {"y_0#Value": 1, "y_A#Value": "A_soft", "t_start#Value": 0.2, "t_end#Value": 1.2}, 2000, 2400),
    ("Pulse", "SignalPulse", {"y_0#Value": 1, "y_A#Value": 2, "t_start#Value": 1.0, "t_end#Value": 2.0}, 2000, 2500),
    ("Saturation", "SignalSaturation", {"y_upper#Value": 3, "y_lower#Value": 1.5}, 2100, 2400),
    ("DeadZone", "SignalDeadZone", {"u_dstart#Value": -1, "u_dend#Value": 2}, 2200, 2400),
    ("FirstOrder", "SignalFirstOrderTransferFunction", {"a_1": 0, "a_0": 1, "b_1": "tau", "b_0": 1}, 2100, 2500),
    ("SecondOrder", "SignalSecondOrderTransferFunction",
     {"a_2": 0, "a_1": 0, "a_0": 100, "b_2": 1, "b_1": "2*0.3*10", "b_0": 100}, 2300, 2400),
    ("Integrator", "SignalIntegrator2", {}, 2200, 2500),
    ("Multiply", "SignalMultiply", {}, 2300, 2500),
    ("Divide", "SignalDivide", {}, 2400, 2500),
    ("Greater", "SignalGreaterThan", {"x_limit#Value": 2.5}, 2400, 2400),
    ("And", "SignalAnd", {}, 2500, 2400),
    ("Delay", "SignalTimeDelay", {"deltat": 0.25}, 2500, 2500),
    ("PID", "SignalPID", {"Kp#Value": 1, "KI#Value": 2, "Kd#Value": 0.1, "umin#Value": -10, "umax#Value": 4.5}, 2600, 2500),
], [
    ("Step", "out", "RateLimiter", "in"), ("SoftStep", "out", "Saturation", "in"), ("SoftStep", "out", "DeadZone", "in"),
    ("Pulse", "out", "FirstOrder", "in"), ("SoftStep", "out", "SecondOrder", "in"), ("Pulse", "out", "Integrator", "in"),
    ("SoftStep", "out", "Multiply", "in1"), ("Pulse", "out", "Multiply", "in2"), ("SoftStep", "out", "Divide", "in1"),
    ("Pulse", "out", "Divide", "in2"), ("SoftStep", "out", "Greater", "in"), ("Greater", "out", "And", "in1"),
    ("Pulse", "out", "And", "in2"), ("SoftStep", "out", "Delay", "in"),
    ("SoftStep", "out", "PID", "yref"), ("DeadZone", "out", "PID", "y"), ("Pulse", "out", "PID", "dy"),
])
# Checked by the .hvc; RateLimiter and SecondOrder are in the .hvd only: Hopsan's discrete blocks
# lead the continuous ones by a step, which its relative rule fails near zero (docs/validation.md).
SIGNAL_VARS = [v + "#out#Value" for v in ["SoftStep", "Pulse", "Saturation", "DeadZone", "FirstOrder", "Integrator",
                                           "Multiply", "Divide", "Greater", "And", "Delay"]] + ["PID#u#Value"]
SIGNAL_DATA_ONLY = ["RateLimiter#out#Value", "SecondOrder#out#Value"]

# A multiport pressure source feeding two branches into a multiport tank, flow sensors on nodes
# of either kind, orifice coefficients as expressions of system parameters. The volume starts at
# the steady pressure of the first branch (4 bar at 10 bar supply).
FLOWS = model("FlowSensorMultiPort", "0.0001", "0.5", 500, {"p_half": "5e6", "Kc_base": "1e-11"}, [
    ("Supply", "HydraulicMultiPressureSourceC", {"p#Value": 1e5}, 2100, 2500),
    ("SupplyStep", "SignalSoftStep", {"y_0#Value": 1e6, "y_A#Value": "2*p_half - 1e6", "t_start#Value": 0.1, "t_end#Value": 0.3}, 2000, 2500),
    ("Orifice_1", "HydraulicLaminarOrifice", {"Kc#Value": "Kc_base"}, 2200, 2500),
    ("Volume", "HydraulicVolume", {"P1#Pressure": "4e5", "P2#Pressure": "4e5", "alpha#Value": 0.1, "V": 1e-4, "Beta_e": 1e9}, 2300, 2500),
    ("Orifice_2", "HydraulicLaminarOrifice", {"Kc#Value": "(Kc_base + 1e-11)"}, 2400, 2500),
    ("Orifice_3", "HydraulicLaminarOrifice", {"Kc#Value": "3*Kc_base"}, 2200, 2700),
    ("Tank", "HydraulicMultiTankC", {"p": 1e5}, 2500, 2500),
    ("Flow_In", "HydraulicFlowSensor", {}, 2200, 2400),
    ("Flow_Out", "HydraulicFlowSensor", {}, 2400, 2400),
    ("Flow_Bypass", "HydraulicFlowSensor", {}, 2300, 2800),
    ("Flow_Volume", "HydraulicFlowSensor", {}, 2300, 2400),
    ("Power_In", "HydraulicPowerSensor", {}, 2200, 2300),
    ("Dp_2", "HydraulicDifferentialPressureSensor", {}, 2400, 2600),
], [
    ("SupplyStep", "out", "Supply", "p"), ("Supply", "MP", "Orifice_1", "P1"), ("Orifice_1", "P2", "Volume", "P1"),
    ("Volume", "P2", "Orifice_2", "P1"), ("Orifice_2", "P2", "Tank", "MP"), ("Supply", "MP", "Orifice_3", "P1"),
    ("Orifice_3", "P2", "Tank", "MP"), ("Flow_In", "P1", "Orifice_1", "P1"), ("Flow_Out", "P1", "Orifice_2", "P2"),
    ("Flow_Bypass", "P1", "Orifice_3", "P2"), ("Flow_Volume", "P1", "Volume", "P2"),
    ("Power_In", "P1", "Orifice_1", "P1"), ("Dp_2", "P1", "Orifice_2", "P1"), ("Dp_2", "P2", "Orifice_2", "P2"),
])
FLOW_VARS = ["Flow_In#out#Value", "Flow_Out#out#Value", "Flow_Bypass#out#Value", "Flow_Volume#out#Value",
             "Volume#P1#Pressure", "Volume#P2#Pressure", "Volume#P1#Flow", "Volume#P2#Flow",
             "Power_In#out#Value", "Dp_2#out#Value"]


def write(cli, out, name, hmf, checked, data_only=()):
    (out / f"{name}.hmf").write_text(hmf)
    with tempfile.TemporaryDirectory() as tmp:
        csv = pathlib.Path(tmp) / "full.csv"
        subprocess.run([cli, "-m", str(out / f"{name}.hmf"), "-s", "hmf", "--resultsFullCSV", str(csv)], check=True,
                       cwd=tmp, stdout=subprocess.DEVNULL)
        rows = {line.split(",")[0]: line.rstrip("\n").split(",")[3:] for line in csv.read_text().splitlines(True)}
    names = list(checked) + list(data_only)
    cols = [rows["Time"]] + [rows[v] for v in names]
    (out / f"{name}.hvd").write_text("".join(", ".join(c[i] for c in cols) + "\n" for i in range(len(cols[0]))))
    variables = "".join(f'''    <variable name="{name}${v}">
      <timecolumn>0</timecolumn>
      <column>{k + 1}</column>
      <tolerance>0.01</tolerance>
    </variable>
''' for k, v in enumerate(checked))
    (out / f"{name}.hvc").write_text(f'''<?xml version="1.0" encoding="UTF-8"?>
<hopsanvalidationconfiguration hvcversion="0.2">
  <validation hopsancliversion="2.24.0" hopsancoreversion="2.24.0.20260217.1325">
    <modelfile>{name}.hmf</modelfile>
    <hvdfile>{name}.hvd</hvdfile>
{variables}  </validation>
</hopsanvalidationconfiguration>
''')


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    cli = sys.argv[1]
    out = pathlib.Path(sys.argv[2] if len(sys.argv) > 2 else pathlib.Path(__file__).parent.parent / "tests/data/hopsan/generated")
    write(cli, out, "SignalBlocks", SIGNALS, SIGNAL_VARS, SIGNAL_DATA_ONLY)
    write(cli, out, "FlowSensorMultiPort", FLOWS, FLOW_VARS)


if __name__ == "__main__":
    main()
