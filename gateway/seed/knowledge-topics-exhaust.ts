import type { SystemTopic } from './knowledge-topics';

/** Exhaust aftertreatment topics of the demo articles (diesel families only). */
export const EXHAUST_SYSTEMS: readonly SystemTopic[] = [
  {
    name: 'Aftertreatment',
    families: [
      'Tractor',
      'Compact Tractor',
      'Excavator',
      'Track Loader',
      'Skid Steer',
      'Wheel Loader',
    ],
    components: [
      {
        name: 'Diesel Particulate Filter',
        symptoms: [
          'Regeneration request every two hours',
          'Engine derate during regeneration',
          'DPF warning lamp stays on after parked regeneration',
        ],
        causes: [
          'DPF differential pressure sensor drifting',
          'Cracked sensor hose between the DPF and the sensor',
          'Excessive idling preventing passive regeneration',
        ],
        steps: [
          'Read the soot load and ash load with the service tool',
          'Inspect the differential pressure sensor hoses for cracks',
          'Run a service regeneration with the engine at operating temperature',
          'Replace the differential pressure sensor if readings stay high after regeneration',
        ],
        torques: [
          ['DPF clamp band nut', 20],
          ['Differential pressure sensor bolt M6', 10],
        ],
        dtcs: [
          [3251, 0, 'DPF differential pressure above normal'],
          [3719, 16, 'DPF soot load above normal'],
        ],
      },
      {
        name: 'DEF System',
        symptoms: [
          'DEF warning after refill',
          'SCR efficiency low derate',
          'DEF pump does not prime',
        ],
        causes: [
          'DEF quality sensor reading low concentration',
          'DEF dosing valve crystallised',
          'DEF line heater open circuit',
        ],
        steps: [
          'Test the DEF concentration with a refractometer: 31.8 to 33.2 percent',
          'Run the dosing valve purge test with the service tool',
          'Check the line heater resistance: 8 to 12 ohms',
        ],
        torques: [['Dosing valve mounting bolts M6', 8]],
        dtcs: [
          [4364, 18, 'SCR conversion efficiency below normal'],
          [1761, 17, 'DEF tank volume low'],
        ],
      },
    ],
  },
  {
    name: 'Electrical',
    components: [
      {
        name: 'Instrument Display',
        symptoms: ['Display shows communication error', 'Display shows no fuel level'],
        causes: ['CAN bus terminating resistor missing', 'Fuel sender float detached'],
        steps: [
          'Measure CAN bus resistance at the diagnostic connector: 60 ohms expected',
          'Check the display connector for bent pins and moisture',
          'Update the display software with the service tool',
        ],
        torques: [['Display mounting screws M5', 5]],
        dtcs: [[639, 14, 'J1939 network communication fault']],
      },
      {
        name: 'Seat Switch',
        symptoms: [
          'Engine stops when the operator shifts in the seat',
          'PTO disengages on rough ground',
        ],
        causes: ['Seat switch harness chafed under the seat frame', 'Seat switch plunger sticking'],
        steps: [
          'Check seat switch continuity with the seat occupied and empty',
          'Reroute the seat switch harness and secure it with clips',
        ],
        torques: [['Seat mounting bolts M8', 24]],
        dtcs: [[8054, 2, 'Operator presence switch erratic']],
      },
      {
        name: 'Alternator',
        symptoms: ['Battery warning lamp on at idle', 'Batteries discharged overnight'],
        causes: ['Alternator belt slipping', 'Parasitic drain from the telematics unit wiring'],
        steps: [
          'Check charging voltage: 13.8 to 14.4 V at 1,500 rpm',
          'Measure key-off current draw: below 50 mA after ten minutes',
        ],
        torques: [['Alternator pivot bolt M10', 48]],
        dtcs: [[167, 1, 'Charging system voltage below normal']],
      },
    ],
  },
];
