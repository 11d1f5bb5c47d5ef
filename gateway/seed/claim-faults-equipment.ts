/**
 * The faults of the construction families beyond their engine's: excavators, track loaders,
 * skid steers and wheel loaders.
 */
import { HYDRAULIC_OIL, O_RING_KIT, extra, fault, p, type FaultSpec } from './claim-faults';
import { cab, electrics, hydraulics, loader } from './claim-faults-systems';

export const EXCAVATOR: FaultSpec[] = [
  ...hydraulics('RD819'),
  ...cab('RD809'),
  ...electrics('RD809'),
  fault(
    p('RD809-67210', 'Gear, Swing Reduction'),
    'Swing reduction gear pitted',
    3,
    10,
    ['swingNoise'],
    [extra(p('RD809-67250', 'Gear Oil, Swing, 1 gal'), 0.9, [1, 2])],
  ),
  fault(p('RD809-67310', 'Seal Kit, Swing Motor'), 'Swing motor seal leaking', 2, 5, [
    'swingSlow',
    'hydLeakPump',
  ]),
  fault(
    p('RD809-61290', 'Travel Motor'),
    'Travel motor worn',
    2,
    9,
    ['travelWeak'],
    [extra(HYDRAULIC_OIL, 0.6)],
  ),
  fault(p('RD809-21750', 'Valve, Track Adjuster'), 'Adjuster grease valve seal leaking', 3, 1.5, [
    'trackTension',
  ]),
  fault(p('RD809-21810', 'Idler, Front'), 'Idler seal failed', 1.5, 4, ['trackTension']),
  fault(
    p('RD819-50710', 'Seal Kit, Boom Cylinder'),
    'Boom rod seal torn',
    3,
    5,
    ['hydLeakCylinder', 'drift'],
    [extra(HYDRAULIC_OIL, 0.7, [1, 2])],
  ),
  fault(
    p('RD819-62610', 'Seal Kit, Control Valve'),
    'Control valve section seals leaking',
    2,
    4,
    ['hydLeakValve', 'drift'],
    [extra(O_RING_KIT, 0.6)],
  ),
  fault(p('RD819-62910', 'Pilot Valve, Joystick'), 'Pilot valve spool worn', 1.5, 2.5, ['hydWeak']),
];

export function trackOrSkid(x: string, tracked: boolean): FaultSpec[] {
  const out: FaultSpec[] = [
    ...hydraulics(x),
    ...electrics(x),
    fault(
      p(`${x}-61200`, 'Drive Motor'),
      'Drive motor internal leakage',
      2.5,
      8,
      ['travelWeak', 'noDrive'],
      [extra(HYDRAULIC_OIL, 0.8, [1, 2])],
    ),
    fault(p(`${x}-66110`, 'Solenoid, Aux Hydraulics'), 'Aux solenoid coil open', 3, 1.5, [
      'auxHydraulics',
    ]),
    fault(p(`${x}-66210`, 'Coupler, Flat Face'), 'Coupler poppet stuck', 2, 1, [
      'auxHydraulics',
      'hydLeakValve',
    ]),
    fault(
      p(`${x}-50710`, 'Seal Kit, Lift Cylinder'),
      'Lift cylinder rod seal torn',
      3,
      4,
      ['hydLeakCylinder', 'drift'],
      [extra(HYDRAULIC_OIL, 0.7)],
    ),
    fault(p(`${x}-41250`, 'Switch, Seat Bar'), 'Seat bar sensor misaligned', 2, 1, ['seat']),
  ];
  if (tracked) {
    out.push(
      fault(
        p('V0611-21750', 'Valve, Track Adjuster'),
        'Track adjuster grease valve seal leaking',
        4,
        1.5,
        ['trackTension'],
      ),
      fault(
        p('V0611-21910', 'Roller, Track'),
        'Roller bearing failed',
        2,
        3,
        ['trackTension', 'travelWeak'],
        [extra(p('V0611-21950', 'Bolt, Roller Mount'), 0.7, [4, 4])],
      ),
    );
  }
  return out;
}

export const WHEEL_LOADER: FaultSpec[] = [
  ...loader('RG551'),
  ...cab('RG551'),
  ...electrics('RG551'),
  fault(p('RG551-13210', 'Pump, HST'), 'HST pump worn', 2, 8, ['noDrive', 'hstWhine']),
  fault(p('RG551-15410', 'Speed Sensor, HST'), 'Speed sensor failed', 2, 1, [
    'harshShift',
    'noDrive',
  ]),
  fault(p('RG551-43510', 'Seal, Front Axle Hub'), 'Hub seal failed', 2, 4, ['axleLeak']),
  fault(p('RG551-28610', 'Actuator, Park Brake'), 'Park brake actuator seized', 1.5, 2, [
    'parkBrake',
  ]),
  fault(p('RG551-64110', 'Steering Cylinder'), 'Steering cylinder seal leaking', 1.5, 3, [
    'steering',
  ]),
];
