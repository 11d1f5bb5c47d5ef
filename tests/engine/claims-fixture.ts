import type { ClaimEvidence } from '../../contract/predictions';

/** A small claims history with known answers: two tractor models and a mower. */
export function claim(
  model: string,
  family: string | null,
  symptom: string,
  causalPart: string,
  extra: Partial<ClaimEvidence> = {},
): ClaimEvidence {
  return {
    date: '2025-01-01',
    model,
    family,
    serial: null,
    symptom,
    causalPart,
    causalPartDescription: `Part ${causalPart}`,
    parts: [{ partNumber: causalPart, description: `Part ${causalPart}`, quantity: 1 }],
    labourHours: 2,
    ...extra,
  };
}

export const SEAL = 'SEAL-100';
export const STARTER = 'START-200';
export const THERMOSTAT = 'THERM-300';
export const SPINDLE = 'SPIN-400';
export const BELT = 'BELT-500';

export const CLAIMS: ClaimEvidence[] = [
  claim('M7', 'Tractor', 'Hydraulic oil leaking at loader valve', SEAL),
  claim('M7', 'Tractor', 'oil leak from loader control valve', SEAL),
  claim('M7', 'Tractor', 'Loader valve leaks hydraulic fluid', SEAL),
  claim('M7', 'Tractor', 'hyd oil leaking loader valve spool', SEAL),
  claim('M7', 'Tractor', 'Engine will not crank', STARTER),
  claim('M7', 'Tractor', 'engine does not crank, clicks only', STARTER),
  claim('M7', 'Tractor', 'no crank when key turned, starter clicks', STARTER),
  claim('M7', 'Tractor', 'Coolant temperature warning under load', THERMOSTAT),
  claim('M7', 'Tractor', 'engine overheating, temperature gauge high', THERMOSTAT),
  claim('M7', 'Tractor', 'coolant temp warning light when working', THERMOSTAT),
  claim('M5', 'Tractor', 'will not crank in the morning', STARTER),
  claim('Z4', 'Mower', 'deck vibrates at full throttle', SPINDLE),
  claim('Z4', 'Mower', 'mower deck vibration and noise', SPINDLE),
  claim('Z4', 'Mower', 'deck belt squeals', BELT),
];
