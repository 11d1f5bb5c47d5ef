/**
 * The model catalogue: the families and models a machinery maker builds, and how the knowledge
 * base names each family. Reference data, not demo data: the gateway's services read it (a
 * model's family, the knowledge facets) as much as the demo seed draws machines from it.
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

/** A family as the knowledge base's product facet names it. */
export const FAMILY_LABELS: Record<ModelFamily, string> = {
  Tractor: 'Tractors',
  'Compact Tractor': 'Compact Tractors',
  'Utility Vehicle': 'Utility Vehicles',
  Mower: 'Mowers',
  Excavator: 'Excavators',
  'Track Loader': 'Track Loaders',
  'Skid Steer': 'Skid Steers',
  'Wheel Loader': 'Wheel Loaders',
};
