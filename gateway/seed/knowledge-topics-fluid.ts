import type { SystemTopic } from './knowledge-topics';

/** Hydraulics and engine topics of the demo articles. */
export const FLUID_SYSTEMS: readonly SystemTopic[] = [
  {
    name: 'Hydraulics',
    components: [
      {
        name: 'Hydraulic Pump',
        symptoms: [
          'Hydraulic pump whines under load',
          'Slow loader lift with warm hydraulic oil',
          'Hydraulic oil seeping at pump shaft seal',
          'Hydraulic pump pressure low at rated engine speed',
        ],
        causes: [
          'Worn pump shaft seal lip allowing air into the suction side',
          'Restricted suction strainer causing cavitation',
          'Internal wear of the gear pump side plates reducing flow',
          'Incorrect hydraulic oil viscosity for the ambient temperature',
        ],
        steps: [
          'Check the hydraulic oil level and condition with implements lowered',
          'Install a 250 bar pressure gauge at the test port and run the engine at rated speed',
          'Measure flow with a flow meter at the pump outlet and compare with the specification',
          'Remove the pump, inspect the drive coupling splines and replace the shaft seal kit',
          'Prime the pump with clean oil before starting the engine',
        ],
        torques: [
          ['Pump mounting bolts M12', 98],
          ['Suction flange bolts M10', 49],
          ['Pressure hose fitting 3/4 in ORFS', 115],
        ],
        dtcs: [
          [127, 1, 'Hydraulic charge pressure below normal'],
          [5356, 18, 'Hydraulic pump flow lower than commanded'],
        ],
      },
      {
        name: 'Control Valve',
        symptoms: [
          'Loader drifts down with the valve in neutral',
          'Hydraulic oil leaking at loader valve spool',
          'Remote valve will not hold float position',
        ],
        causes: [
          'O-ring cut at the spool end cap',
          'Scored spool bore allowing internal leakage',
          'Load check poppet held open by contamination',
        ],
        steps: [
          'Perform a cylinder drift test with a rated load raised 1 m',
          'Isolate the cylinder from the valve to find the leaking component',
          'Remove the spool end cap and inspect the O-rings and spool',
          'Flush the valve section and replace the seal kit',
        ],
        torques: [
          ['Spool end cap screws M6', 10],
          ['Valve section tie rod nuts M10', 45],
          ['Relief valve cartridge', 60],
        ],
        dtcs: [[4197, 7, 'Loader valve spool not responding']],
      },
      {
        name: 'Hydraulic Cylinder',
        symptoms: [
          'Boom cylinder rod seal leaking',
          'Bucket cylinder creeps under load',
          'Scoring on cylinder rod chrome',
        ],
        causes: [
          'Rod seal damaged by contamination on the chrome',
          'Piston seal worn allowing bypass',
          'Bent rod from side loading',
        ],
        steps: [
          'Clean the cylinder rod and inspect for nicks and scoring',
          'Remove the cylinder and clamp it in a soft-jawed vise',
          'Remove the gland nut, pull the rod assembly and replace the seal kit',
          'Bleed air by cycling the cylinder slowly to full stroke five times',
        ],
        torques: [
          ['Gland nut', 400],
          ['Piston retaining nut', 620],
          ['Pivot pin retaining bolt M12', 85],
        ],
        dtcs: [],
      },
      {
        name: 'Hydraulic Oil Filter',
        symptoms: [
          'Hydraulic filter restriction warning at cold start',
          'Hydraulic oil milky or foaming',
        ],
        causes: [
          'Filter element past its service interval',
          'Water ingress through the reservoir breather',
        ],
        steps: [
          'Replace the hydraulic return filter and the suction strainer',
          'Replace the reservoir breather and take an oil sample for analysis',
          'Run all functions for five minutes and recheck the oil level',
        ],
        torques: [['Filter head bolts M8', 25]],
        dtcs: [[1713, 16, 'Hydraulic oil filter restriction switch active']],
      },
    ],
  },
  {
    name: 'Engine',
    components: [
      {
        name: 'Fuel Injection Pump',
        symptoms: [
          'Engine hard to start when warm',
          'Black smoke and low power under load',
          'Engine stalls at idle after refuelling',
        ],
        causes: [
          'Injection pump timing retarded',
          'Air leaking into the fuel supply at the primary filter',
          'Common rail pressure limiter opening early',
        ],
        steps: [
          'Bleed the fuel system at the secondary filter',
          'Check fuel rail pressure with the service tool at cranking speed',
          'Verify injection pump timing marks with the engine at TDC compression',
          'Replace the fuel filters and the water separator element',
        ],
        torques: [
          ['Injection pump mounting nuts M8', 24],
          ['High pressure pipe nuts M14', 30],
          ['Injector clamp bolt M8', 26],
        ],
        dtcs: [
          [157, 18, 'Fuel rail pressure below normal'],
          [97, 3, 'Water in fuel indicator shorted high'],
        ],
      },
      {
        name: 'Starter Motor',
        symptoms: ['Engine will not crank', 'Starter clicks but does not turn the engine'],
        causes: ['Starter solenoid contacts burnt', 'Corroded ground strap at the engine block'],
        steps: [
          'Check battery voltage: at least 12.4 V at rest',
          'Measure voltage drop across the ground and positive cables while cranking',
          'Bench test the starter and replace the solenoid or starter assembly',
        ],
        torques: [
          ['Starter mounting bolts M10', 48],
          ['Battery terminal nut M8', 9],
        ],
        dtcs: [[168, 4, 'Battery potential below normal']],
      },
      {
        name: 'Cooling System',
        symptoms: [
          'Coolant temperature warning under load',
          'Coolant loss with no visible leak',
          'Radiator fan noisy at high speed',
        ],
        causes: [
          'Thermostat stuck closed',
          'Radiator core plugged with chaff',
          'Head gasket leaking combustion gas into the coolant',
        ],
        steps: [
          'Clean the radiator, oil cooler and condenser cores with low-pressure air',
          'Pressure test the cooling system at 90 kPa for ten minutes',
          'Replace the thermostat and gasket, then bleed air from the system',
        ],
        torques: [
          ['Thermostat housing bolts M8', 24],
          ['Water pump bolts M8', 24],
        ],
        dtcs: [[110, 0, 'Engine coolant temperature above normal']],
      },
      {
        name: 'Engine Oil Pressure',
        symptoms: [
          'Low engine oil pressure warning at idle',
          'Oil pressure light flickers when hot',
        ],
        causes: ['Oil pressure sender failing', 'Oil pump pickup screen restricted'],
        steps: [
          'Verify oil level and grade (SAE 15W-40, API CK-4)',
          'Install a mechanical gauge in the sender port and compare readings',
          'Replace the sender if the mechanical reading is within specification',
        ],
        torques: [
          ['Oil pressure sender', 15],
          ['Oil pan drain plug M14', 34],
        ],
        dtcs: [[100, 1, 'Engine oil pressure below normal']],
      },
    ],
  },
];
