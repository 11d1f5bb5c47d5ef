/**
 * Systems several families share (cab, electrics, front loader, hydraulics), each fault with
 * the family's own part-number prefix.
 */
import {
  COOLANT,
  FUSE_KIT,
  HYDRAULIC_OIL,
  O_RING_KIT,
  REFRIGERANT,
  extra,
  fault,
  p,
  type FaultSpec,
} from './claim-faults';

const LOADER_O_RING = p('04817-00220', 'O-Ring, Loader Valve');
const SEAT_SWITCH = p('52200-41250', 'Switch, Operator Presence');
const FUEL_SENDER = p('K7561-71760', 'Fuel Level Sender');

export function cab(x: string): FaultSpec[] {
  return [
    fault(
      p(`${x}-50060`, 'Compressor, A/C'),
      'Compressor clutch coil open circuit',
      3,
      4,
      ['acWarm'],
      [extra(REFRIGERANT, 0.9), extra(p(`${x}-50350`, 'Receiver Drier'), 0.7)],
    ),
    fault(
      p(`${x}-50620`, 'Switch, A/C Pressure'),
      'Pressure switch stuck open',
      2,
      1.5,
      ['acWarm'],
      [extra(REFRIGERANT, 0.5)],
    ),
    fault(p(`${x}-50410`, 'Blower Motor, Cab'), 'Blower motor brushes worn', 2, 2, [
      'cabFan',
      'heater',
      'acWarm',
    ]),
    fault(
      p(`${x}-50820`, 'Valve, Heater Control'),
      'Heater valve stuck closed',
      1,
      2,
      ['heater'],
      [extra(COOLANT, 0.6)],
    ),
  ];
}

export function electrics(x: string): FaultSpec[] {
  return [
    fault(p(`${x}-55120`, 'Instrument Panel'), 'Panel board connector corroded', 2, 2, [
      'display',
      'fuelGauge',
    ]),
    fault(
      p(`${x}-55310`, 'Harness, Main'),
      'Harness chafed at frame',
      2,
      6,
      ['display', 'dead', 'lights'],
      [extra(FUSE_KIT, 0.5, [1, 3])],
    ),
    fault(
      p(`${x}-55410`, 'Relay, Main Power'),
      'Relay contacts burnt',
      2,
      1,
      ['dead', 'noCrank'],
      [extra(FUSE_KIT, 0.3)],
    ),
    fault(SEAT_SWITCH, 'Seat switch plunger sticking', 2, 1, ['seat']),
    fault(FUEL_SENDER, 'Fuel sender float detached', 2, 1.5, ['fuelGauge']),
    fault(p(`${x}-56520`, 'Lamp, Work LED'), 'LED driver failed', 1, 0.5, ['lights']),
  ];
}

export function loader(x: string): FaultSpec[] {
  return [
    fault(
      LOADER_O_RING,
      'O-ring cut at spool end cap',
      4,
      2,
      ['hydLeakValve'],
      [extra(O_RING_KIT, 0.5), extra(HYDRAULIC_OIL, 0.4)],
    ),
    fault(
      p(`${x}-50710`, 'Seal Kit, Lift Cylinder'),
      'Cylinder rod seal torn',
      3,
      4,
      ['hydLeakCylinder', 'drift'],
      [extra(HYDRAULIC_OIL, 0.7)],
    ),
    fault(
      p(`${x}-50750`, 'Spool, Loader Valve'),
      'Spool scored, internal leakage',
      1.5,
      3,
      ['drift', 'hydWeak'],
      [extra(LOADER_O_RING, 0.8, [2, 2])],
    ),
  ];
}

export function hydraulics(x: string): FaultSpec[] {
  return [
    fault(
      p(`${x}-82140`, 'Seal Kit, Hydraulic Pump'),
      'Pump shaft seal lip worn',
      3,
      3,
      ['hydLeakPump'],
      [extra(HYDRAULIC_OIL, 0.6)],
    ),
    fault(
      p(`${x}-61110`, 'Hydraulic Pump'),
      'Pump gears worn, low flow',
      2,
      6,
      ['hydWeak', 'hydNoise'],
      [extra(HYDRAULIC_OIL, 0.9, [1, 3]), extra(p(`${x}-61190`, 'Gasket, Pump Flange'), 0.9)],
    ),
    fault(p(`${x}-62310`, 'Valve, Main Relief'), 'Relief valve setting drifted', 2, 2, [
      'hydWeak',
      'hydHot',
    ]),
    fault(
      p(`${x}-63510`, 'Oil Cooler, Hydraulic'),
      'Cooler core plugged and cracked',
      1.5,
      3.5,
      ['hydHot'],
      [extra(HYDRAULIC_OIL, 0.8, [1, 2])],
    ),
  ];
}
