import type { MachineDetail, MachineListItem } from '../../contract/machines';

const nextYear = new Date().getFullYear() + 1;

/** Machine 1 of the demo data, as the gateway's lookup answers it. */
export function machineDetail(over: Partial<MachineDetail> = {}): MachineDetail {
  return {
    inventoryId: 'INV-M7172-52016',
    serialNumber: '52016',
    materialNumber: 'M7-172',
    materialNumberDescription: 'M7-172 Premium KVT Tractor',
    productIdentificationNo: 'KBCM7172VNP052016',
    modelFamily: 'Tractor',
    iconUrl: '/api/v1/machine-icons/Tractor',
    imei: '356938035643809',
    endCustomerName: 'Walter Hanson',
    endCustomerCity: 'Northfield',
    endCustomerState: 'MN',
    servicingDealerId: '001000000000000003',
    servicingDealerName: 'Northfield Equipment',
    isStolenInventory: false,
    isPreOwned: false,
    isScrapped: false,
    isAuction: false,
    isDonated: false,
    isModified: false,
    hasKtac: true,
    campaigns: [],
    policies: [
      {
        policyName: 'Standard Warranty',
        policyType: 'Standard',
        policyCode: 'STD-24',
        warrantyStartDate: '2025-01-01',
        warrantyEndDate: `${nextYear}-12-31`,
        pdInventoryUsages: [
          { usageReadingType: 'Engine Hours', maximumUnit: 2000, unitsOfMeasure: 'Hours' },
        ],
      },
      {
        policyName: 'Powertrain Extended',
        policyType: 'Extended',
        policyCode: 'PT-36',
        warrantyStartDate: '2020-01-01',
        warrantyEndDate: '2023-01-01',
        pdInventoryUsages: [],
      },
    ],
    claims: [
      {
        claimNumber: 'CLM-1001',
        claimType: 'Warranty',
        inventorySerialNumber: '52016',
        modelNumber: 'M7-172',
        dealer: 'Northfield Equipment',
        dateOfRepair: '2025-06-02',
        symptomDescription: 'Hydraulic leak at pump',
        defectDescription: 'Seal worn',
        causalPartDescription: 'Pump seal',
        causalPartNumber: 'PS-100',
        machineUsageReading: 812,
        serviceCampaign: null,
      },
    ],
    faultCodes: [
      {
        hrReading: 801.5,
        spn: 110,
        fmi: 0,
        sa: 0,
        epCode: 'E110',
        description: 'Coolant temperature high',
        severity: 'High',
      },
      {
        hrReading: 790,
        spn: 100,
        fmi: 1,
        sa: 0,
        epCode: 'E100',
        description: 'Oil pressure low',
        severity: 'Medium',
      },
      {
        hrReading: 700,
        spn: 168,
        fmi: 4,
        sa: 0,
        epCode: 'E168',
        description: 'Battery voltage low',
        severity: 'Low',
      },
    ],
    majorComponents: [
      {
        componentType: 'Engine',
        description: '6.7L diesel',
        partNumber: 'ENG-67',
        serialNumber: 'E123',
        installedOn: '2024-03-01',
      },
    ],
    ...over,
  };
}

export function listItem(i: number, over: Partial<MachineListItem> = {}): MachineListItem {
  const serial = String(41000 + i);
  return {
    serialNumber: serial,
    materialNumber: i % 2 ? 'M5-111' : 'L3560',
    description: 'Utility Tractor',
    productIdentificationNo: `KBCM5111TNP0${serial}`,
    endCustomerName: `Customer ${i}`,
    city: 'Northfield',
    state: 'MN',
    servicingDealerName: 'Northfield Equipment',
    iconUrl: '/api/v1/machine-icons/Tractor',
    ...over,
  };
}
