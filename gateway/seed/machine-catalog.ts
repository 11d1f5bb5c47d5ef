import type { ModelFamily } from '../reference/models';

/**
 * What the demo machines are made of besides their models (reference/models.ts): the warranty
 * policies, campaigns, J1939 fault codes and major components a machinery maker's warranty
 * system would hold. Plain data; machines.ts draws from it with the seeded PRNG.
 */

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

export const REPORT_STATUSES = ['Created', 'Awaiting Feedback', 'Resolved'] as const;
