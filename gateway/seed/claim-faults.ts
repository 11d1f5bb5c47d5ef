/**
 * The faults behind the demo's warranty claims: what failed (the causal part), what else the
 * repair used, how long it took, and the complaints it shows as. The engine faults depend on
 * the engine the family carries (machine-catalog.ts's components); the rest are the family's
 * own (claim-faults-families.ts). Plain data, drawn from by claims.ts.
 */
import type { Complaint } from './claim-complaints';

export interface PartRef {
  partNumber: string;
  description: string;
}

export interface ExtraPart {
  part: PartRef;
  /** How often the repair also uses it. */
  share: number;
  quantity: [number, number];
}

export interface FaultSpec {
  part: PartRef;
  defect: string;
  /** The complaints it shows as, the usual one first. */
  complaints: readonly Complaint[];
  /** How common it is in its family. */
  weight: number;
  /** The median labour, in hours; repairs spread around it. */
  labour: number;
  also: readonly ExtraPart[];
}

export const p = (partNumber: string, description: string): PartRef => ({
  partNumber,
  description,
});
export const extra = (part: PartRef, share: number, quantity: [number, number] = [1, 1]) => ({
  part,
  share,
  quantity,
});
export function fault(
  part: PartRef,
  defect: string,
  weight: number,
  labour: number,
  complaints: readonly Complaint[],
  also: readonly ExtraPart[] = [],
): FaultSpec {
  return { part, defect, complaints, weight, labour, also };
}

// Consumables several repairs use.
export const HYDRAULIC_OIL = p('70000-10005', 'Hydraulic Oil, UDT, 5 gal');
export const COOLANT = p('70000-20010', 'Coolant, Long Life, 1 gal');
export const ENGINE_OIL = p('70000-30015', 'Engine Oil, 15W-40, 1 gal');
export const REFRIGERANT = p('70000-40020', 'Refrigerant R134a, 30 lb');
export const O_RING_KIT = p('04817-00900', 'O-Ring Kit, Assorted');
export const FUSE_KIT = p('52130-00500', 'Fuse, Blade, 30 A');

export type EngineSize = 'small' | 'mid' | 'large';

/** The engine faults, with the engine's own part numbers (prefix per engine). */
export function engineFaults(size: EngineSize): FaultSpec[] {
  const x = { small: '16851', mid: '1G896', large: '1K611' }[size];
  const weight = { small: 0.8, mid: 1, large: 1.2 }[size];
  const faults = [
    fault(p(`${x}-63010`, 'Starter Assembly'), 'Starter solenoid contacts burnt', 5, 2.5, [
      'noCrank',
    ]),
    fault(p(`${x}-64010`, 'Alternator'), 'Alternator diode failed', 3, 2, ['batteryDrain', 'dead']),
    fault(p('19000-70010', 'Battery, 12 V Group 31'), 'Battery cell shorted', 3, 0.5, [
      'noCrank',
      'batteryDrain',
      'dead',
    ]),
    fault(
      p(`${x}-73010`, 'Thermostat Assembly'),
      'Thermostat stuck closed',
      4,
      2,
      ['overheat'],
      [extra(p(`${x}-73270`, 'Gasket, Thermostat Cover'), 0.9), extra(COOLANT, 0.7, [1, 3])],
    ),
    fault(
      p(`${x}-73030`, 'Water Pump Assembly'),
      'Water pump seal weeping',
      3,
      4.5,
      ['coolantLoss', 'overheat'],
      [extra(p(`${x}-73430`, 'Gasket, Water Pump'), 0.95), extra(COOLANT, 0.9, [2, 4])],
    ),
    fault(
      p(`${x}-72060`, 'Radiator'),
      'Radiator core leaking',
      2,
      5,
      ['coolantLoss', 'overheat'],
      [extra(COOLANT, 0.95, [2, 5]), extra(p(`${x}-72850`, 'Hose, Radiator Upper'), 0.4)],
    ),
    fault(
      p(`${x}-53050`, 'Injector Nozzle Assembly'),
      'Injector tip eroded',
      3,
      5,
      ['blackSmoke', 'crankNoStart', 'derate'],
      [extra(p(`${x}-53650`, 'Washer, Injector Seat'), 0.9, [1, 4])],
    ),
    fault(p(`${x}-65510`, 'Glow Plug'), 'Glow plug open circuit', 3, 2, [
      'crankNoStart',
      'whiteSmoke',
    ]),
    fault(
      p(`${x}-52030`, 'Fuel Feed Pump, Electric'),
      'Feed pump motor seized',
      3,
      1.5,
      ['crankNoStart', 'derate'],
      [extra(p(`${x}-43560`, 'Fuel Filter Element'), 0.6)],
    ),
    fault(
      p(`${x}-39080`, 'Sensor, Differential Pressure'),
      'DPF pressure sensor drifting',
      4,
      1.5,
      ['regen', 'derate'],
    ),
    fault(
      p(`${x}-18150`, 'EGR Valve Assembly'),
      'EGR valve sticking open',
      3,
      3.5,
      ['regen', 'blackSmoke', 'derate'],
      [extra(p(`${x}-18170`, 'Gasket, EGR Valve'), 0.95, [1, 2])],
    ),
    fault(p(`${x}-39020`, 'Sensor, Oil Pressure'), 'Oil pressure switch shorted', 2, 1, [
      'oilPressure',
    ]),
    fault(
      p(`${x}-35010`, 'Oil Pump Assembly'),
      'Oil pump relief valve stuck',
      1,
      9,
      ['oilPressure'],
      [extra(ENGINE_OIL, 0.95, [2, 4]), extra(p(`${x}-33750`, 'Gasket, Oil Pan'), 0.9)],
    ),
    fault(
      p(`${x}-04490`, 'Head Gasket'),
      'Head gasket failed between cylinders',
      1,
      12,
      ['coolantLoss', 'whiteSmoke', 'overheat'],
      [
        extra(COOLANT, 0.9, [2, 4]),
        extra(ENGINE_OIL, 0.8, [2, 4]),
        extra(p(`${x}-03310`, 'Head Bolt'), 0.6, [8, 10]),
      ],
    ),
  ];
  if (size !== 'small') {
    faults.push(
      fault(p(`${x}-39700`, 'Sensor, NOx'), 'NOx sensor reading low', 3, 1.5, [
        'defWarning',
        'derate',
      ]),
      fault(
        p(`${x}-51470`, 'DEF Pump Module'),
        'DEF pump filter blocked, pump failed',
        2,
        3,
        ['defWarning', 'derate'],
        [extra(p(`${x}-51490`, 'Filter, DEF Pump'), 0.8)],
      ),
    );
  }
  return faults.map((f) => ({ ...f, weight: f.weight * weight }));
}
