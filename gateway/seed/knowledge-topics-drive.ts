import type { SystemTopic } from './knowledge-topics';

/** Powertrain, cab and attachment topics of the demo articles. */
export const DRIVE_SYSTEMS: readonly SystemTopic[] = [
  {
    name: 'Powertrain',
    components: [
      {
        name: 'Transmission',
        symptoms: ['HST creeps in neutral', 'HST whine under load', 'Transmission slips when hot'],
        causes: [
          'Neutral linkage spring fatigued',
          'Charge pressure low from a worn charge pump',
          'Transmission oil overheated from a plugged cooler',
        ],
        steps: [
          'Adjust the neutral position with the rear wheels raised',
          'Measure charge pressure at the test port: 1.4 to 1.8 MPa',
          'Replace the transmission filter and clean the oil cooler',
        ],
        torques: [
          ['HST mounting bolts M12', 98],
          ['Neutral arm nut M10', 39],
        ],
        dtcs: [
          [177, 0, 'Transmission oil temperature above normal'],
          [127, 1, 'Transmission oil pressure below normal'],
        ],
      },
      {
        name: 'PTO Clutch',
        symptoms: ['PTO does not engage', 'PTO will not disengage'],
        causes: ['PTO clutch pack worn', 'PTO solenoid valve coil open'],
        steps: [
          'Check PTO engagement pressure at the test port',
          'Measure the PTO solenoid resistance: 7 to 9 ohms',
          'Replace the clutch pack and set the end float',
        ],
        torques: [['PTO cover bolts M10', 49]],
        dtcs: [[1482, 5, 'PTO solenoid current below normal']],
      },
      {
        name: 'Front Axle',
        symptoms: ['Front axle oil seeping at hub', 'Clunk from the front axle when turning'],
        causes: ['Hub seal lip hardened', 'Worn king pin bearings'],
        steps: [
          'Drain the hub and remove the planetary carrier',
          'Replace the hub seal and check bearing preload',
          'Refill with UDT2 oil to the level plug',
        ],
        torques: [
          ['Wheel nuts M18', 340],
          ['Planetary carrier bolts M10', 60],
        ],
        dtcs: [],
      },
    ],
  },
  {
    name: 'Cab and Climate',
    families: [
      'Tractor',
      'Compact Tractor',
      'Utility Vehicle',
      'Excavator',
      'Track Loader',
      'Wheel Loader',
    ],
    components: [
      {
        name: 'Air Conditioning',
        symptoms: ['Cab air conditioning blows warm', 'A/C compressor cycles rapidly'],
        causes: ['Compressor clutch coil open circuit', 'Low refrigerant charge'],
        steps: [
          'Check the clutch coil resistance: 3 to 4 ohms',
          'Connect manifold gauges and compare pressures with the chart',
          'Recover, evacuate and recharge with R-134a by weight',
        ],
        torques: [['Compressor mounting bolts M8', 24]],
        dtcs: [],
      },
      {
        name: 'Cab Air Filter',
        symptoms: ['Dust in the cab', 'Weak airflow from the vents'],
        causes: ['Cab filter plugged', 'Filter seal not seated'],
        steps: ['Replace the cab fresh-air filter and the recirculation filter'],
        torques: [['Filter cover knobs', 3]],
        dtcs: [],
      },
    ],
  },
  {
    name: 'Attachments',
    families: [
      'Compact Tractor',
      'Mower',
      'Track Loader',
      'Skid Steer',
      'Wheel Loader',
      'Excavator',
    ],
    components: [
      {
        name: 'Front Loader',
        families: ['Compact Tractor', 'Track Loader', 'Skid Steer', 'Wheel Loader'],
        symptoms: ['Loader bucket does not level', 'Loader joystick stiff'],
        causes: ['Self-levelling linkage worn', 'Joystick boot torn letting dirt in'],
        steps: ['Grease all loader pivots', 'Replace the joystick boot and clean the linkage'],
        torques: [['Loader mounting pin bolts M16', 210]],
        dtcs: [],
      },
      {
        name: 'Mower Deck',
        families: ['Mower'],
        symptoms: ['Mower deck vibrates at full throttle', 'Uneven cut across the deck'],
        causes: ['Spindle bearing failed', 'Blades bent or out of balance'],
        steps: [
          'Remove the blades and check spindle end play',
          'Replace the spindle assembly and balance the blades',
        ],
        torques: [
          ['Blade bolt', 100],
          ['Spindle housing bolts M10', 50],
        ],
        dtcs: [],
      },
      {
        name: 'Track Tension',
        families: ['Excavator', 'Track Loader'],
        symptoms: ['Track tension drops overnight', 'Track jumps off the idler'],
        causes: ['Track adjuster grease valve seal leaking', 'Idler bearing worn'],
        steps: [
          'Measure track sag midway between the rollers',
          'Replace the grease valve and recheck tension after one hour',
        ],
        torques: [['Grease valve', 60]],
        dtcs: [],
      },
    ],
  },
];
