# The component symbols compiled into hs_widgets as :/symbols/<Type>.svg, one per registered type.
# A type whose file is absent is left out here and drawn as a labelled box; the symbol test
# (tests/widgets/test_symbols) reports it. TlmLine.svg is listed ahead of its component type.
set(HS_SYMBOL_NAMES
  Cylinder.svg
  PressureSource.svg
  Tank.svg
  FlowSource.svg
  Volume.svg
  TlmLine.svg
  Mass.svg
  LuGreFriction.svg
  ViscousFriction.svg
  Spring.svg
  ForceSource.svg
  TurbulentOrifice.svg
  LaminarOrifice.svg
  PressureSensor.svg
  PositionSensor.svg
  VelocitySensor.svg
  FlowSensor.svg
  Gain.svg
  Sum.svg
  PIController.svg
  Constant.svg
  Step.svg
  Ramp.svg
  Sine.svg
  Square.svg
  PRMS.svg
  Table.svg
  SmoothTransition.svg
  PressureCompensator.svg
  ControlThrottle.svg
  OnOffValve.svg
  DirectionalValve43.svg
  ShuttleValve.svg
  CheckValve.svg
  ReliefValve.svg
  FixedDisplacementPump.svg
  VariableDisplacementPump.svg
  FixedDisplacementMotor.svg
  VariableDisplacementMotor.svg
  HydraulicMachine.svg
  PressureCompensatedPump.svg
  LoadSensingPump.svg
  RotationalInertia.svg
  TorsionShaft.svg
  Gear.svg
  TorqueSource.svg
  SpeedSource.svg
  PrimeMover.svg
  ElectricMotor.svg
  RotationalFriction.svg
  AngleSensor.svg
  SpeedSensor.svg
  TorqueSensor.svg
  PowerSensor.svg
)
set(HS_SYMBOL_FILES)
foreach(f ${HS_SYMBOL_NAMES})
  if(EXISTS "${CMAKE_SOURCE_DIR}/resources/symbols/${f}")
    list(APPEND HS_SYMBOL_FILES "${CMAKE_SOURCE_DIR}/resources/symbols/${f}")
  endif()
endforeach()
