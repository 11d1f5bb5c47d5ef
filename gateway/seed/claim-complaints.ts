/**
 * The complaints a machine's owner brings, each as technicians write it in several ways.
 * Several faults share a complaint (claim-faults.ts), so a complaint alone rarely names the
 * part. Plain data; the prediction engine is never shown it.
 */

/** Complaints, each written several ways. Several faults share a complaint. */
export const COMPLAINTS = {
  noCrank: [
    'engine will not crank',
    'no crank',
    'engine does not turn over',
    'starter just clicks',
    'no start no crank',
    'turn key nothing happens',
  ],
  crankNoStart: [
    'cranks but will not start',
    'engine turns over but will not fire',
    'hard starting',
    'long crank before it starts',
    'cranks over no start',
  ],
  overheat: [
    'engine overheating',
    'coolant temperature warning under load',
    'temperature gauge goes to red',
    'high coolant temperature alarm',
    'running hot',
  ],
  coolantLoss: [
    'losing coolant',
    'coolant level low no visible leak',
    'coolant leak front of engine',
    'has to top up coolant every day',
  ],
  regen: [
    'regeneration request every two hours',
    'frequent DPF regeneration',
    'DPF regen lamp on all the time',
    'parked regeneration needed often',
  ],
  derate: [
    'engine derate',
    'engine power reduced',
    'goes into limp mode',
    'low power under load',
    'engine lacks power',
  ],
  blackSmoke: ['black smoke under load', 'excessive black smoke', 'smokes black and lacks power'],
  whiteSmoke: ['white smoke at start up', 'blue white smoke from exhaust', 'smoking on cold start'],
  oilPressure: [
    'low oil pressure warning',
    'oil pressure light on at idle',
    'engine oil pressure alarm',
  ],
  fuelGauge: [
    'display shows no fuel level',
    'fuel gauge reads empty',
    'fuel gauge erratic',
    'fuel level wrong on dash',
  ],
  defWarning: [
    'DEF warning after refill',
    'DEF quality fault on display',
    'SCR efficiency low warning',
    'exhaust fluid warning will not clear',
  ],
  hydLeakValve: [
    'hydraulic oil leaking at loader valve',
    'oil leak at control valve',
    'loader valve leaks hydraulic fluid',
    'hydraulic leak at valve block',
  ],
  hydLeakPump: [
    'hydraulic oil seeping at pump shaft',
    'oil leak at hydraulic pump',
    'pump leaking oil',
    'hydraulic pump seal leaking',
  ],
  hydLeakCylinder: [
    'cylinder leaking oil at rod',
    'hydraulic cylinder seal leaking',
    'oil running down the cylinder rod',
  ],
  hydWeak: [
    'hydraulics weak',
    'slow hydraulic functions',
    'loader will not lift full bucket',
    'hydraulic pressure low',
    'lift is slow when warm',
  ],
  hydNoise: ['hydraulic pump whines', 'hydraulic noise', 'pump noisy under load'],
  hydHot: ['hydraulic oil overheating', 'hydraulic oil temperature high', 'hydraulic oil too hot'],
  drift: [
    'boom drifts down',
    'loader arms drift down with engine off',
    'bucket drifts',
    'lift arms settle overnight',
  ],
  hstCreep: [
    'HST creeps in neutral',
    'machine creeps forward in neutral',
    'hydrostatic drive will not stay in neutral',
  ],
  hstWhine: ['HST whine under load', 'transmission whines', 'drive noise when travelling'],
  noDrive: [
    'no drive forward or reverse',
    'will not move',
    'loses drive when warm',
    'drive is weak going uphill',
  ],
  harshShift: [
    'harsh shifting',
    'transmission shifts hard',
    'clunk when changing range',
    'jerks when shuttling forward reverse',
  ],
  transSlip: ['transmission slipping', 'loses drive under load', 'slips in higher gears'],
  ptoNoEngage: ['PTO does not engage', 'PTO will not engage', 'no PTO drive'],
  ptoNoRelease: ['PTO will not disengage', 'PTO stays engaged', 'PTO shaft keeps turning'],
  acWarm: [
    'cab air conditioning blows warm',
    'air conditioning not cooling',
    'no cold air from AC',
    'AC compressor not kicking in',
  ],
  heater: ['cab heater not working', 'no heat in cab', 'heater blows cold'],
  cabFan: ['cab blower fan not working', 'cab fan only works on high', 'no air flow in cab'],
  axleLeak: [
    'front axle oil seeping at hub',
    'oil leak at front hub',
    'axle seal leaking',
    'oil on inside of front wheel',
  ],
  axleNoise: ['front axle noise when turning', 'grinding from front axle', 'clunk from axle'],
  brakes: ['brakes weak', 'brake pedal goes to floor', 'poor braking', 'brakes squeal'],
  parkBrake: [
    'park brake will not hold',
    'park brake warning stays on',
    'rolls with park brake on',
  ],
  steering: ['hard steering', 'steering heavy at low revs', 'steering wanders'],
  dead: ['no power at all', 'machine electrically dead', 'nothing works when key on'],
  batteryDrain: ['battery goes flat overnight', 'battery keeps draining', 'battery not charging'],
  lights: ['work lights not working', 'headlights out', 'lights flicker'],
  display: [
    'display shows communication error',
    'dash display blank',
    'display resets while driving',
    'instrument panel goes dark',
  ],
  seat: [
    'engine shuts off when operator moves on seat',
    'operator presence fault',
    'stalls when getting off seat',
  ],
  deckVibration: [
    'mower deck vibrates at full throttle',
    'deck vibration',
    'shaking from mower deck',
    'deck noisy and vibrates',
  ],
  deckBelt: ['deck belt squeals', 'mower belt keeps coming off', 'deck belt burnt'],
  unevenCut: ['uneven cut', 'deck leaves strips of grass', 'cut quality poor'],
  bladesNoEngage: ['blades will not engage', 'deck clutch does not engage', 'blades do not turn'],
  swingNoise: ['swing motor noisy when slewing', 'noise when swinging', 'swing grinds'],
  swingSlow: ['slow swing', 'swing weak', 'upper structure drifts on slope'],
  travelWeak: [
    'travel weak on one side',
    'tracks slow to one side',
    'machine pulls to one side when travelling',
  ],
  trackTension: [
    'track tension drops overnight',
    'track loose',
    'track keeps coming off',
    'track sags after a day',
  ],
  auxHydraulics: ['aux hydraulics not working', 'no flow to attachment', 'high flow not working'],
} as const satisfies Record<string, readonly string[]>;

export type Complaint = keyof typeof COMPLAINTS;
