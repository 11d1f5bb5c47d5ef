import {
  STANDARD_POLICY,
  EXTRA_POLICIES,
  COMPONENTS_BY_FAMILY,
  FAULT_CODES,
} from './machine-catalog';
import { NORTHFIELD_ID, RIVERBEND_ID } from './fixed';
import { KEARNEY_EXCAVATING_ID, PLATTE_VALLEY_ID, WALTER_HANSON_ID } from './machine-customers';
import { emptyMachineRows, pinOf, type MachineRows, type MachineSeedRow } from './machine-rows';

/**
 * The machines every engineer and test relies on (same ids, serials, PINs and flags on every
 * install, whatever the demo-data size): the telematics tractor of Walter Hanson, a stolen
 * compact tractor, a track loader with every other chip, and five unpaired M5-111 tractors
 * for the DCU pairing tests.
 */

export const MACHINE_1 = {
  id: 'INV-M7172-52016',
  model: 'M7-172',
  serial: '52016',
  pin: 'KBCM7172VNP052016',
  imei: '356938035643809',
};
export const MACHINE_2 = {
  id: 'INV-L3560-70531',
  model: 'L3560',
  serial: '70531',
  pin: 'KBCL3560HDC070531',
};
export const MACHINE_3 = {
  id: 'INV-SVL972-33090',
  model: 'SVL97-2',
  serial: '33090',
  pin: 'KBCSVL972KP033090',
};
export const UNPAIRED_M5_SERIALS = ['41876', '41877', '41878', '41879', '41880'] as const;

/** Case ids of machine 1: Northfield's two cases and report, and Riverbend's case. */
export const MACHINE_1_CASES = {
  northfieldOpen: '500000000000000001',
  northfieldResolved: '500000000000000002',
  riverbend: '500000000000000003',
  northfieldReport: '500000000000000004',
};

const FLAGS_OFF = {
  is_stolen: false,
  is_pre_owned: false,
  is_auction: false,
  is_scrapped: false,
  is_donated: false,
  is_modified: false,
  has_ktac: false,
};

function machine(row: Omit<MachineSeedRow, keyof typeof FLAGS_OFF> & Partial<MachineSeedRow>) {
  return { ...FLAGS_OFF, ...row } as MachineSeedRow;
}

function policy(
  rows: MachineRows,
  id: string,
  machineId: string,
  spec: typeof STANDARD_POLICY,
  start: string,
  end: string,
) {
  rows.policies.push({
    id,
    machine_id: machineId,
    policy_name: spec.name,
    policy_type: spec.type,
    policy_code: spec.code,
    warranty_start_date: start,
    warranty_end_date: end,
  });
  for (const u of spec.usages) {
    rows.usages.push({
      policy_id: id,
      usage_reading_type: u.usageReadingType,
      maximum_unit: u.maximumUnit,
      units_of_measure: u.unitsOfMeasure,
    });
  }
}

function components(rows: MachineRows, machineId: string, types: string[], installedOn: string) {
  const all = COMPONENTS_BY_FAMILY.Tractor;
  types.forEach((type, i) => {
    const c = all.find((x) => x.componentType === type)!;
    rows.components.push({
      machine_id: machineId,
      component_type: c.componentType,
      description: c.description,
      part_number: c.partNumber,
      serial_number: `${c.serialPrefix}${String(520160 + i * 7)}`,
      installed_on: installedOn,
    });
  });
}

const powertrain = EXTRA_POLICIES.find((p) => p.code === 'PT-60')!;
const preOwned = EXTRA_POLICIES.find((p) => p.code === 'PO-12')!;
/** Machine 1's KVT premium package: ten years or 5,000 hours. */
const premiumStandard = {
  ...STANDARD_POLICY,
  code: 'STD-120',
  usages: [
    { usageReadingType: 'Machine Hours', maximumUnit: 5000, unitsOfMeasure: 'Hours' },
    { usageReadingType: 'Time', maximumUnit: 120, unitsOfMeasure: 'Months' },
  ],
};
const fault = (spn: number) => FAULT_CODES.find((f) => f.spn === spn)!;

export function fixedMachineRows(): MachineRows {
  const rows = emptyMachineRows();
  // Machine 1: telematics, KTAC, both kinds of campaign, an active and an expired policy.
  rows.machines.push(
    machine({
      id: MACHINE_1.id,
      serial_number: MACHINE_1.serial,
      material_number: MACHINE_1.model,
      pin: MACHINE_1.pin,
      imei: MACHINE_1.imei,
      servicing_dealer_id: NORTHFIELD_ID,
      description: 'M7-172 Premium KVT Tractor',
      model_family: 'Tractor',
      customer_id: WALTER_HANSON_ID,
      has_ktac: true,
    }),
  );
  rows.campaigns.push(
    {
      machine_id: MACHINE_1.id,
      campaign_name: 'Hydraulic Pump Seal Replacement',
      campaign_type: 'Product Improvement Program',
      campaign_end_date: '2027-06-30',
      is_mandatory: true,
    },
    {
      machine_id: MACHINE_1.id,
      campaign_name: 'Cab Filter Upgrade',
      campaign_type: 'Service Campaign',
      campaign_end_date: '2027-12-31',
      is_mandatory: false,
    },
  );
  // The premium standard warranty runs well past any date these tests will see; the
  // powertrain cover carried over from the dealer's demo programme has run out.
  policy(rows, 'a0P000000000000001', MACHINE_1.id, premiumStandard, '2024-05-14', '2034-05-13');
  policy(rows, 'a0P000000000000002', MACHINE_1.id, powertrain, '2019-05-14', '2024-05-13');
  rows.claims.push(
    {
      machine_id: MACHINE_1.id,
      claim_number: 'CLM-0052016',
      claim_type: 'Campaign',
      dealer_id: NORTHFIELD_ID,
      date_of_repair: '2025-09-18',
      symptom_description: 'Hydraulic oil seeping at pump shaft',
      defect_description: 'Pump shaft seal lip worn',
      causal_part_description: 'Seal Kit, Hydraulic Pump',
      causal_part_number: '3Y211-82140',
      machine_usage_reading: 1184.5,
      service_campaign: 'Hydraulic Pump Seal Replacement',
      parts: [
        { partNumber: '3Y211-82140', description: 'Seal Kit, Hydraulic Pump', quantity: 1 },
        { partNumber: '70000-10005', description: 'Hydraulic Oil, UDT, 5 gal', quantity: 1 },
      ],
      labour_hours: 3,
    },
    {
      machine_id: MACHINE_1.id,
      claim_number: 'CLM-0052017',
      claim_type: 'Machine',
      dealer_id: NORTHFIELD_ID,
      date_of_repair: '2026-04-02',
      symptom_description: 'Regeneration request every two hours',
      defect_description: 'DPF differential pressure sensor drifting',
      causal_part_description: 'Sensor, Differential Pressure',
      causal_part_number: '1J574-39080',
      machine_usage_reading: 1642,
      service_campaign: null,
      parts: [
        { partNumber: '1J574-39080', description: 'Sensor, Differential Pressure', quantity: 1 },
      ],
      labour_hours: 1.5,
    },
  );
  const faults: [number, number][] = [
    [100, 1702.3],
    [3719, 1688.9],
    [190, 1650.0],
    [1761, 1701.1],
    [168, 1599.4],
  ];
  for (const [spn, hr] of faults) {
    const f = fault(spn);
    rows.faultCodes.push({
      machine_id: MACHINE_1.id,
      hr_reading: hr,
      spn: f.spn,
      fmi: f.fmi,
      sa: f.sa,
      ep_code: f.epCode,
      description: f.description,
      severity: f.severity,
    });
  }
  components(rows, MACHINE_1.id, ['Engine', 'Transmission', 'Front Axle'], '2024-05-14');
  rows.cases.push(
    {
      id: MACHINE_1_CASES.northfieldOpen,
      case_number: '00001001',
      record_type: 'Case',
      subject: 'Hydraulic leak at loader valve',
      status: 'Updated',
      account_id: NORTHFIELD_ID,
      serial_number: MACHINE_1.serial,
      model_number: MACHINE_1.model,
      created_at: '2026-10-20T15:04:00Z',
    },
    {
      id: MACHINE_1_CASES.northfieldResolved,
      case_number: '00001002',
      record_type: 'Case',
      subject: 'DEF warning after refill',
      status: 'Resolved',
      account_id: NORTHFIELD_ID,
      serial_number: MACHINE_1.serial,
      model_number: MACHINE_1.model,
      created_at: '2026-03-02T09:30:00Z',
    },
    {
      // Worked on while the owner was travelling: Riverbend's record, not Northfield's.
      id: MACHINE_1_CASES.riverbend,
      case_number: '00001003',
      record_type: 'Case',
      subject: 'Engine derate during regeneration',
      status: 'Created',
      account_id: RIVERBEND_ID,
      serial_number: MACHINE_1.serial,
      model_number: MACHINE_1.model,
      created_at: '2026-08-11T12:00:00Z',
    },
    {
      id: MACHINE_1_CASES.northfieldReport,
      case_number: '00001004',
      record_type: 'Report',
      subject: 'Field quality report: hydraulic pump seals',
      status: 'Awaiting Feedback',
      account_id: NORTHFIELD_ID,
      serial_number: MACHINE_1.serial,
      model_number: MACHINE_1.model,
      created_at: '2026-09-01T10:00:00Z',
    },
  );

  // Machine 2: stolen and pre-owned; its warranties have run out.
  rows.machines.push(
    machine({
      id: MACHINE_2.id,
      serial_number: MACHINE_2.serial,
      material_number: MACHINE_2.model,
      pin: MACHINE_2.pin,
      imei: null,
      servicing_dealer_id: RIVERBEND_ID,
      description: 'L3560 HST Compact Tractor',
      model_family: 'Compact Tractor',
      customer_id: PLATTE_VALLEY_ID,
      is_stolen: true,
      is_pre_owned: true,
    }),
  );
  policy(rows, 'a0P000000000000003', MACHINE_2.id, STANDARD_POLICY, '2019-03-01', '2021-02-28');
  policy(rows, 'a0P000000000000004', MACHINE_2.id, preOwned, '2023-07-15', '2024-07-14');
  rows.campaigns.push({
    machine_id: MACHINE_2.id,
    campaign_name: 'ROPS Mounting Bolt Inspection',
    campaign_type: 'Safety Recall',
    campaign_end_date: '2026-03-31',
    is_mandatory: true,
  });
  rows.cases.push({
    id: '500000000000000005',
    case_number: '00001005',
    record_type: 'Case',
    subject: 'Unit reported stolen: hold all service',
    status: 'Forced Closed',
    account_id: RIVERBEND_ID,
    serial_number: MACHINE_2.serial,
    model_number: MACHINE_2.model,
    created_at: '2026-06-30T16:45:00Z',
  });

  // Machine 3: auctioned, scrapped, donated and modified.
  rows.machines.push(
    machine({
      id: MACHINE_3.id,
      serial_number: MACHINE_3.serial,
      material_number: MACHINE_3.model,
      pin: MACHINE_3.pin,
      imei: null,
      servicing_dealer_id: RIVERBEND_ID,
      description: 'SVL97-2 Compact Track Loader',
      model_family: 'Track Loader',
      customer_id: KEARNEY_EXCAVATING_ID,
      is_auction: true,
      is_scrapped: true,
      is_donated: true,
      is_modified: true,
    }),
  );
  policy(rows, 'a0P000000000000005', MACHINE_3.id, STANDARD_POLICY, '2017-08-21', '2019-08-20');

  // Five unpaired M5-111 tractors of Walter Hanson for the DCU pairing tests.
  UNPAIRED_M5_SERIALS.forEach((serial, i) => {
    const id = `INV-M5111-${serial}`;
    rows.machines.push(
      machine({
        id,
        serial_number: serial,
        material_number: 'M5-111',
        pin: pinOf('M5-111', 'TNP', serial),
        imei: null,
        servicing_dealer_id: NORTHFIELD_ID,
        description: 'M5-111 Utility Tractor',
        model_family: 'Tractor',
        customer_id: WALTER_HANSON_ID,
      }),
    );
    policy(rows, `a0P00000000000001${i}`, id, STANDARD_POLICY, '2026-02-10', '2028-02-09');
    components(rows, id, ['Engine', 'Transmission', 'Front Axle', 'Rear Axle'], '2026-02-10');
  });
  return rows;
}
