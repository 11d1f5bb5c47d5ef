/**
 * The faults of each model family beyond its engine's (claim-faults.ts): drive, hydraulics,
 * cab, electrics and the family's own implements. Part numbers follow the family's components
 * in machine-catalog.ts. The construction families are in claim-faults-equipment.ts.
 */
import type { ModelFamily } from '../reference/models';
import {
  HYDRAULIC_OIL,
  engineFaults,
  extra,
  fault,
  p,
  type EngineSize,
  type FaultSpec,
} from './claim-faults';
import { EXCAVATOR, WHEEL_LOADER, trackOrSkid } from './claim-faults-equipment';
import { cab, electrics, hydraulics, loader } from './claim-faults-systems';

const TRACTOR: FaultSpec[] = [
  ...hydraulics('3Y211'),
  ...loader('3Y211'),
  ...cab('3F240'),
  ...electrics('3Y250'),
  fault(p('3Y211-15530', 'Solenoid, KVT Range'), 'Range solenoid coil open', 3, 3, [
    'harshShift',
    'noDrive',
  ]),
  fault(
    p('3Y211-15610', 'Control Valve, KVT'),
    'Valve spool sticking',
    2,
    6,
    ['harshShift', 'transSlip'],
    [extra(HYDRAULIC_OIL, 0.7, [2, 4])],
  ),
  fault(
    p('3A151-24120', 'Clutch Pack, PTO'),
    'PTO clutch pack worn',
    3,
    7,
    ['ptoNoEngage'],
    [extra(p('3A151-24160', 'Seal Ring, PTO Clutch'), 0.9, [2, 3]), extra(HYDRAULIC_OIL, 0.6)],
  ),
  fault(p('3A151-24350', 'Solenoid, PTO'), 'PTO solenoid coil failed', 2, 1.5, ['ptoNoEngage']),
  fault(p('3A151-24410', 'Brake, PTO'), 'PTO brake band glazed', 1.5, 4, ['ptoNoRelease']),
  fault(
    p('3N300-56410', 'Seal, Front Axle Hub'),
    'Hub seal lip hardened',
    3,
    3,
    ['axleLeak'],
    [extra(p('3N300-56510', 'Gear Oil, 80W-90, 1 gal'), 0.8, [1, 2])],
  ),
  fault(
    p('3Y220-43510', 'Bearing, Front Differential'),
    'Differential bearing spalled',
    1.5,
    10,
    ['axleNoise'],
    [extra(p('3Y220-43530', 'Shim Kit, Differential'), 0.7)],
  ),
  fault(p('3Y230-28210', 'Brake Disc, Wet'), 'Brake discs worn', 2, 8, ['brakes']),
  fault(p('3Y230-28610', 'Actuator, Park Brake'), 'Actuator spring broken', 1.5, 2.5, [
    'parkBrake',
  ]),
  fault(p('3Y211-64210', 'Valve, Steering Priority'), 'Priority spool sticking', 1.5, 3, [
    'steering',
  ]),
];

const COMPACT_TRACTOR: FaultSpec[] = [
  ...loader('3C081'),
  ...electrics('3C081'),
  fault(p('3C081-34350', 'Spring, HST Neutral Return'), 'Neutral linkage spring fatigued', 4, 1.5, [
    'hstCreep',
  ]),
  fault(p('3C081-34510', 'Damper, HST Linkage'), 'Damper leaking, linkage unsettled', 2, 1.5, [
    'hstCreep',
    'noDrive',
  ]),
  fault(
    p('3C081-13210', 'Charge Pump, HST'),
    'Charge pump worn',
    2,
    7,
    ['noDrive', 'hstWhine'],
    [extra(HYDRAULIC_OIL, 0.9, [2, 3]), extra(p('3C081-13290', 'Filter, HST'), 0.9)],
  ),
  fault(p('3A151-24120', 'Clutch Pack, PTO'), 'PTO clutch pack worn', 2, 6, ['ptoNoEngage']),
  fault(p('3C081-24350', 'Switch, PTO'), 'PTO switch contacts worn', 2, 0.5, [
    'ptoNoEngage',
    'ptoNoRelease',
  ]),
  fault(p('3C081-43510', 'Seal, Front Axle'), 'Axle seal lip cut', 2, 3, ['axleLeak']),
  fault(p('3C081-64110', 'Steering Cylinder'), 'Cylinder bypassing', 1.5, 2.5, ['steering']),
  fault(p('3C081-28110', 'Brake Lining'), 'Brake linings glazed', 1.5, 5, ['brakes', 'parkBrake']),
];

const UTILITY_VEHICLE: FaultSpec[] = [
  ...electrics('K7561'),
  ...cab('K7591'),
  fault(p('K7591-15110', 'Belt, VHT Drive'), 'Drive belt glazed', 3, 2, ['noDrive', 'hstWhine']),
  fault(
    p('K7591-15310', 'Motor, VHT'),
    'VHT motor swash plate worn',
    2,
    8,
    ['noDrive', 'transSlip'],
    [extra(HYDRAULIC_OIL, 0.9, [1, 2])],
  ),
  fault(p('K7591-44310', 'Actuator, Diff Lock'), 'Diff lock actuator seized', 2, 2, ['axleNoise']),
  fault(
    p('K7591-44510', 'Boot, CV Joint'),
    'CV boot torn',
    2,
    2,
    ['axleNoise', 'axleLeak'],
    [extra(p('K7591-44520', 'Clamp, CV Boot'), 0.9, [2, 2])],
  ),
  fault(p('K7591-28110', 'Brake Pads'), 'Pads worn to backing', 3, 1.5, ['brakes']),
  fault(p('K7591-28410', 'Cable, Park Brake'), 'Cable stretched', 2, 1, ['parkBrake']),
  fault(p('K7591-50710', 'Cylinder, Cargo Bed Lift'), 'Lift cylinder seal leaking', 1.5, 2, [
    'hydLeakCylinder',
  ]),
];

const MOWER: FaultSpec[] = [
  ...electrics('K3211'),
  fault(
    p('K5677-34400', 'Spindle Assembly, Mower Deck'),
    'Spindle bearing failed',
    5,
    2,
    ['deckVibration', 'unevenCut'],
    [extra(p('K5677-34420', 'Blade, Mower'), 0.4)],
  ),
  fault(p('K5677-34420', 'Blade, Mower'), 'Blade bent', 3, 0.5, ['unevenCut', 'deckVibration']),
  fault(p('K5677-34610', 'Belt, Deck Drive'), 'Belt cover rubbing, belt frayed', 4, 1, [
    'deckBelt',
  ]),
  fault(
    p('K5677-34710', 'Idler Pulley, Deck'),
    'Idler bearing seized',
    2,
    1,
    ['deckBelt', 'deckVibration'],
    [extra(p('K5677-34610', 'Belt, Deck Drive'), 0.5)],
  ),
  fault(p('K3211-24310', 'Clutch, Electric PTO'), 'Clutch coil open circuit', 3, 2, [
    'bladesNoEngage',
  ]),
  fault(p('K5677-35110', 'Gauge Wheel, Deck'), 'Gauge wheel bearing worn', 1.5, 0.5, ['unevenCut']),
  fault(
    p('K3211-13410', 'Wheel Motor, HST'),
    'Wheel motor seal leaking',
    2,
    4,
    ['noDrive', 'hstCreep'],
    [extra(HYDRAULIC_OIL, 0.7)],
  ),
  fault(p('K3211-13210', 'Pump, HST Drive'), 'Drive pump worn', 2, 5, ['noDrive', 'hstWhine']),
];

const ENGINE_OF: Record<ModelFamily, EngineSize> = {
  Tractor: 'large',
  'Compact Tractor': 'mid',
  'Utility Vehicle': 'small',
  Mower: 'small',
  Excavator: 'mid',
  'Track Loader': 'mid',
  'Skid Steer': 'mid',
  'Wheel Loader': 'mid',
};

const OWN: Record<ModelFamily, FaultSpec[]> = {
  Tractor: TRACTOR,
  'Compact Tractor': COMPACT_TRACTOR,
  'Utility Vehicle': UTILITY_VEHICLE,
  Mower: MOWER,
  Excavator: EXCAVATOR,
  'Track Loader': trackOrSkid('V0611', true),
  'Skid Steer': trackOrSkid('V0521', false),
  'Wheel Loader': WHEEL_LOADER,
};

/** Every fault a machine of the family can have: its engine's and its own. */
export function faultsOf(family: ModelFamily): FaultSpec[] {
  return [...engineFaults(ENGINE_OF[family]), ...OWN[family]];
}
