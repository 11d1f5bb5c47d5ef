/**
 * What the demo machines are made of: model families and models, the warranty policies,
 * campaigns, J1939 fault codes and major components a machinery maker's
 * warranty system would hold. Plain data; machines.ts draws from it with the seeded PRNG.
 */

export interface ModelSpec {
  model: string;
  description: string;
  family: ModelFamily;
  /** Relative share of the fleet. */
  weight: number;
}

export const MODEL_FAMILIES = [
  'Tractor',
  'Compact Tractor',
  'Utility Vehicle',
  'Mower',
  'Excavator',
  'Track Loader',
  'Skid Steer',
  'Wheel Loader',
] as const;
export type ModelFamily = (typeof MODEL_FAMILIES)[number];

export const MODELS: readonly ModelSpec[] = [
  { model: 'M7-172', description: 'M7-172 Premium KVT Tractor', family: 'Tractor', weight: 3 },
  {
    model: 'M7-152',
    description: 'M7-152 Standard Powershift Tractor',
    family: 'Tractor',
    weight: 3,
  },
  {
    model: 'M7-132',
    description: 'M7-132 Standard Powershift Tractor',
    family: 'Tractor',
    weight: 2,
  },
  { model: 'M6-141', description: 'M6-141 Utility Tractor', family: 'Tractor', weight: 3 },
  { model: 'M5-111', description: 'M5-111 Utility Tractor', family: 'Tractor', weight: 4 },
  { model: 'M5-091', description: 'M5-091 Utility Tractor', family: 'Tractor', weight: 4 },
  { model: 'M4-071', description: 'M4-071 Cab Utility Tractor', family: 'Tractor', weight: 3 },
  {
    model: 'L3560',
    description: 'L3560 HST Compact Tractor',
    family: 'Compact Tractor',
    weight: 5,
  },
  {
    model: 'L2502',
    description: 'L2502 Gear Compact Tractor',
    family: 'Compact Tractor',
    weight: 5,
  },
  {
    model: 'L4760',
    description: 'L4760 HST Cab Compact Tractor',
    family: 'Compact Tractor',
    weight: 4,
  },
  {
    model: 'LX2610',
    description: 'LX2610 HST Compact Tractor',
    family: 'Compact Tractor',
    weight: 4,
  },
  {
    model: 'B2601',
    description: 'B2601 HST Sub-Compact Tractor',
    family: 'Compact Tractor',
    weight: 5,
  },
  {
    model: 'RTV-X1100C',
    description: 'RTV-X1100C Cab Utility Vehicle',
    family: 'Utility Vehicle',
    weight: 4,
  },
  {
    model: 'RTV-X900',
    description: 'RTV-X900 Diesel Utility Vehicle',
    family: 'Utility Vehicle',
    weight: 4,
  },
  {
    model: 'RTV-520',
    description: 'RTV-520 Utility Vehicle',
    family: 'Utility Vehicle',
    weight: 3,
  },
  {
    model: 'ZD1211',
    description: 'ZD1211 60in Diesel Zero-Turn Mower',
    family: 'Mower',
    weight: 4,
  },
  {
    model: 'ZD1511',
    description: 'ZD1511 72in Diesel Zero-Turn Mower',
    family: 'Mower',
    weight: 3,
  },
  { model: 'Z421KW', description: 'Z421KW 54in Zero-Turn Mower', family: 'Mower', weight: 4 },
  { model: 'F3990', description: 'F3990 Front Mower', family: 'Mower', weight: 2 },
  { model: 'KX040-4', description: 'KX040-4 Compact Excavator', family: 'Excavator', weight: 3 },
  { model: 'KX057-5', description: 'KX057-5 Compact Excavator', family: 'Excavator', weight: 3 },
  {
    model: 'U27-4',
    description: 'U27-4 Zero Tail Swing Excavator',
    family: 'Excavator',
    weight: 3,
  },
  { model: 'KX080-4', description: 'KX080-4 Midi Excavator', family: 'Excavator', weight: 2 },
  {
    model: 'SVL97-2',
    description: 'SVL97-2 Compact Track Loader',
    family: 'Track Loader',
    weight: 3,
  },
  {
    model: 'SVL75-3',
    description: 'SVL75-3 Compact Track Loader',
    family: 'Track Loader',
    weight: 3,
  },
  {
    model: 'SVL65-2',
    description: 'SVL65-2 Compact Track Loader',
    family: 'Track Loader',
    weight: 2,
  },
  { model: 'SSV75', description: 'SSV75 Skid Steer Loader', family: 'Skid Steer', weight: 3 },
  { model: 'SSV65', description: 'SSV65 Skid Steer Loader', family: 'Skid Steer', weight: 2 },
  { model: 'R640', description: 'R640 Wheel Loader', family: 'Wheel Loader', weight: 2 },
  { model: 'R530', description: 'R530 Wheel Loader', family: 'Wheel Loader', weight: 2 },
];

export interface PolicySpec {
  name: string;
  type: string;
  code: string;
  months: number;
  usages: { usageReadingType: string; maximumUnit: number | null; unitsOfMeasure: string }[];
}

export const STANDARD_POLICY: PolicySpec = {
  name: 'Standard Warranty',
  type: 'Base',
  code: 'STD-24',
  months: 24,
  usages: [
    { usageReadingType: 'Machine Hours', maximumUnit: 2000, unitsOfMeasure: 'Hours' },
    { usageReadingType: 'Time', maximumUnit: 24, unitsOfMeasure: 'Months' },
  ],
};

export const EXTRA_POLICIES: readonly PolicySpec[] = [
  {
    name: 'Powertrain Extended',
    type: 'Extended',
    code: 'PT-60',
    months: 60,
    usages: [
      { usageReadingType: 'Machine Hours', maximumUnit: 3000, unitsOfMeasure: 'Hours' },
      { usageReadingType: 'Time', maximumUnit: 60, unitsOfMeasure: 'Months' },
    ],
  },
  {
    name: 'Emissions Component Warranty',
    type: 'Emissions',
    code: 'EMS-60',
    months: 60,
    usages: [{ usageReadingType: 'Machine Hours', maximumUnit: 3000, unitsOfMeasure: 'Hours' }],
  },
  {
    name: 'Pre-Owned Limited Warranty',
    type: 'Pre-Owned',
    code: 'PO-12',
    months: 12,
    usages: [{ usageReadingType: 'Time', maximumUnit: 12, unitsOfMeasure: 'Months' }],
  },
  {
    name: 'Hydraulic System Coverage',
    type: 'Extended',
    code: 'HYD-36',
    months: 36,
    usages: [{ usageReadingType: 'Machine Hours', maximumUnit: null, unitsOfMeasure: 'Hours' }],
  },
];

export interface CampaignSpec {
  name: string;
  type: string;
  mandatory: boolean;
  /** YYYY-MM-DD; null when the campaign has no end. */
  endDate: string | null;
}

export const CAMPAIGNS: readonly CampaignSpec[] = [
  {
    name: 'Hydraulic Pump Seal Replacement',
    type: 'Product Improvement Program',
    mandatory: true,
    endDate: '2027-06-30',
  },
  { name: 'Cab Filter Upgrade', type: 'Service Campaign', mandatory: false, endDate: '2027-12-31' },
  {
    name: 'Fuel Injection Pump Timing Check',
    type: 'Safety Recall',
    mandatory: true,
    endDate: null,
  },
  {
    name: 'ROPS Mounting Bolt Inspection',
    type: 'Safety Recall',
    mandatory: true,
    endDate: '2026-03-31',
  },
  {
    name: 'DPF Control Software Update',
    type: 'Product Improvement Program',
    mandatory: false,
    endDate: '2027-09-30',
  },
  {
    name: 'Seat Switch Harness Reroute',
    type: 'Service Campaign',
    mandatory: false,
    endDate: '2025-12-31',
  },
  {
    name: 'Parking Brake Adjustment',
    type: 'Safety Recall',
    mandatory: true,
    endDate: '2027-03-31',
  },
  {
    name: 'Loader Valve Spool Replacement',
    type: 'Service Campaign',
    mandatory: false,
    endDate: null,
  },
];

export const CLAIM_TYPES = ['Machine', 'Parts', 'Campaign', 'Goodwill'] as const;

export interface FaultSpec {
  spn: number;
  fmi: number;
  sa: number;
  epCode: string;
  description: string;
  severity: 'High' | 'Medium' | 'Low';
}

/** SAE J1939 suspect parameter numbers and failure modes, with the maker's EP code. */
export const FAULT_CODES: readonly FaultSpec[] = [
  {
    spn: 100,
    fmi: 1,
    sa: 0,
    epCode: 'E:9000-0101',
    description:
      'Engine Oil Pressure - Data Valid But Below Normal Operating Range - Most Severe Level',
    severity: 'High',
  },
  {
    spn: 110,
    fmi: 0,
    sa: 0,
    epCode: 'E:9000-0110',
    description:
      'Engine Coolant Temperature - Data Valid But Above Normal Operating Range - Most Severe Level',
    severity: 'High',
  },
  {
    spn: 127,
    fmi: 1,
    sa: 3,
    epCode: 'E:9300-0127',
    description:
      'Transmission Oil Pressure - Data Valid But Below Normal Operating Range - Most Severe Level',
    severity: 'High',
  },
  {
    spn: 157,
    fmi: 18,
    sa: 0,
    epCode: 'E:9000-0157',
    description:
      'Engine Fuel Rail Pressure - Data Valid But Below Normal Operating Range - Moderately Severe Level',
    severity: 'High',
  },
  {
    spn: 3251,
    fmi: 0,
    sa: 0,
    epCode: 'E:9100-3251',
    description:
      'Aftertreatment DPF Differential Pressure - Data Valid But Above Normal Operating Range - Most Severe Level',
    severity: 'Medium',
  },
  {
    spn: 3719,
    fmi: 16,
    sa: 0,
    epCode: 'E:9100-3719',
    description:
      'Aftertreatment DPF Soot Load Percent - Data Valid But Above Normal Operating Range - Moderately Severe Level',
    severity: 'Medium',
  },
  {
    spn: 4364,
    fmi: 18,
    sa: 61,
    epCode: 'E:9200-4364',
    description:
      'Aftertreatment SCR Conversion Efficiency - Data Valid But Below Normal Operating Range - Moderately Severe Level',
    severity: 'Medium',
  },
  {
    spn: 177,
    fmi: 0,
    sa: 3,
    epCode: 'E:9300-0177',
    description:
      'Transmission Oil Temperature - Data Valid But Above Normal Operating Range - Most Severe Level',
    severity: 'Medium',
  },
  {
    spn: 190,
    fmi: 2,
    sa: 0,
    epCode: 'E:9000-0190',
    description: 'Engine Speed - Data Erratic, Intermittent Or Incorrect',
    severity: 'Medium',
  },
  {
    spn: 1761,
    fmi: 17,
    sa: 61,
    epCode: 'E:9200-1761',
    description:
      'Aftertreatment DEF Tank Volume - Data Valid But Below Normal Operating Range - Least Severe Level',
    severity: 'Low',
  },
  {
    spn: 168,
    fmi: 4,
    sa: 0,
    epCode: 'E:9000-0168',
    description:
      'Battery Potential / Power Input 1 - Voltage Below Normal, Or Shorted To Low Source',
    severity: 'Low',
  },
  {
    spn: 97,
    fmi: 3,
    sa: 0,
    epCode: 'E:9000-0097',
    description: 'Water In Fuel Indicator - Voltage Above Normal, Or Shorted To High Source',
    severity: 'Low',
  },
  {
    spn: 639,
    fmi: 14,
    sa: 40,
    epCode: 'E:9400-0639',
    description: 'J1939 Network #1 - Special Instructions',
    severity: 'Low',
  },
];

export interface ComponentSpec {
  componentType: string;
  description: string;
  partNumber: string;
  /** Prefix of the component's own serial number. */
  serialPrefix: string;
}

const ENGINE_SMALL: ComponentSpec = {
  componentType: 'Engine',
  description: 'D1105 3-Cylinder Diesel, 18.2 kW',
  partNumber: '1G065-00000',
  serialPrefix: 'ED',
};
const ENGINE_MID: ComponentSpec = {
  componentType: 'Engine',
  description: 'V2403-CR-TE5 4-Cylinder Diesel, 48.6 kW',
  partNumber: '1G896-00000',
  serialPrefix: 'EV',
};
const ENGINE_LARGE: ComponentSpec = {
  componentType: 'Engine',
  description: 'V6108-TIEF4 4-Cylinder Diesel, 126.7 kW',
  partNumber: '1K611-00000',
  serialPrefix: 'EK',
};

export const COMPONENTS_BY_FAMILY: Record<ModelFamily, readonly ComponentSpec[]> = {
  Tractor: [
    ENGINE_LARGE,
    {
      componentType: 'Transmission',
      description: 'KVT Continuously Variable Transmission',
      partNumber: '3Y211-00000',
      serialPrefix: 'TK',
    },
    {
      componentType: 'Front Axle',
      description: '4WD Front Axle, Limited Slip Differential',
      partNumber: '3Y220-43000',
      serialPrefix: 'FA',
    },
    {
      componentType: 'Rear Axle',
      description: 'Planetary Final Drive Rear Axle',
      partNumber: '3Y230-44000',
      serialPrefix: 'RA',
    },
    {
      componentType: 'Cab',
      description: 'Grand X Cab with Air Suspension Seat',
      partNumber: '3Y240-80000',
      serialPrefix: 'CB',
    },
  ],
  'Compact Tractor': [
    ENGINE_MID,
    {
      componentType: 'Transmission',
      description: '3-Range Hydrostatic Transmission',
      partNumber: '3C081-00000',
      serialPrefix: 'TH',
    },
    {
      componentType: 'Front Axle',
      description: 'Bevel Gear 4WD Front Axle',
      partNumber: '3C081-43000',
      serialPrefix: 'FA',
    },
    {
      componentType: 'Loader',
      description: 'LA1065 Front Loader',
      partNumber: 'LA106-50000',
      serialPrefix: 'LD',
    },
  ],
  'Utility Vehicle': [
    ENGINE_SMALL,
    {
      componentType: 'Transmission',
      description: 'Variable Hydro Transmission (VHT-X)',
      partNumber: 'K7591-00000',
      serialPrefix: 'TV',
    },
    {
      componentType: 'Rear Axle',
      description: 'Locking Rear Differential',
      partNumber: 'K7591-44000',
      serialPrefix: 'RA',
    },
  ],
  Mower: [
    ENGINE_SMALL,
    {
      componentType: 'Transmission',
      description: 'Dual Hydrostatic Drive',
      partNumber: 'K3211-00000',
      serialPrefix: 'TH',
    },
    {
      componentType: 'Mower Deck',
      description: 'Pro Commercial Mower Deck',
      partNumber: 'K5677-30000',
      serialPrefix: 'MD',
    },
  ],
  Excavator: [
    ENGINE_MID,
    {
      componentType: 'Hydraulic Pump',
      description: 'Variable Displacement Load Sensing Pump',
      partNumber: 'RD819-61110',
      serialPrefix: 'HP',
    },
    {
      componentType: 'Swing Motor',
      description: 'Swing Motor with Reduction Gear',
      partNumber: 'RD809-67200',
      serialPrefix: 'SM',
    },
    {
      componentType: 'Travel Motor',
      description: '2-Speed Travel Motor',
      partNumber: 'RD809-61290',
      serialPrefix: 'TM',
    },
  ],
  'Track Loader': [
    ENGINE_MID,
    {
      componentType: 'Hydraulic Pump',
      description: 'High Flow Auxiliary Hydraulic Pump',
      partNumber: 'V0611-60110',
      serialPrefix: 'HP',
    },
    {
      componentType: 'Drive Motor',
      description: '2-Speed Hydrostatic Drive Motor',
      partNumber: 'V0611-61200',
      serialPrefix: 'DM',
    },
    {
      componentType: 'Undercarriage',
      description: 'Rigid Frame Undercarriage, Rubber Tracks',
      partNumber: 'V0611-21000',
      serialPrefix: 'UC',
    },
  ],
  'Skid Steer': [
    ENGINE_MID,
    {
      componentType: 'Hydraulic Pump',
      description: 'Tandem Gear Pump',
      partNumber: 'V0521-60110',
      serialPrefix: 'HP',
    },
    {
      componentType: 'Drive Motor',
      description: 'Hydrostatic Drive Motor',
      partNumber: 'V0521-61200',
      serialPrefix: 'DM',
    },
  ],
  'Wheel Loader': [
    ENGINE_MID,
    {
      componentType: 'Transmission',
      description: 'Hydrostatic Transmission with Speed Control',
      partNumber: 'RG551-00000',
      serialPrefix: 'TH',
    },
    {
      componentType: 'Front Axle',
      description: 'Heavy Duty Planetary Front Axle',
      partNumber: 'RG551-43000',
      serialPrefix: 'FA',
    },
    {
      componentType: 'Loader',
      description: 'Parallel Lift Loader Arm',
      partNumber: 'RG551-50000',
      serialPrefix: 'LD',
    },
  ],
};

export const CASE_SUBJECTS = [
  'Hydraulic leak at loader valve',
  'Engine derate during regeneration',
  'DEF warning after refill',
  'Intermittent no-start',
  'HST whine under load',
  'Display shows communication error',
  'PTO will not disengage',
  'Excessive track wear',
  'Cab heater not working',
  'Fuel gauge reads empty',
  'Warning light stays on after service',
  'Coolant loss, no visible leak',
] as const;

export const REPORT_SUBJECTS = [
  'Field quality report: loader valve seals',
  'Pre-delivery inspection findings',
  'Repeat DPF regeneration complaints',
  'Paint defect on delivery',
  'Telematics unit not reporting',
  'Hydraulic hose chafing at boom',
] as const;

/** The demo's case statuses (free text in the CRM; product §2 Status filter values). */
export const CASE_STATUSES = [
  'Created',
  'Updated',
  'Awaiting Feedback',
  'Resolved',
  'Forced Closed',
] as const;
export const REPORT_STATUSES = ['Created', 'Awaiting Feedback', 'Resolved'] as const;
