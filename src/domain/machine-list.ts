import type { MachineListItem } from '../../contract/machines';

/** product §2 Machine list: the filter select's options, in its order. */
export const MACHINE_LIST_FILTERS = [
  { value: 'model', label: 'Model' },
  { value: 'serial', label: 'Serial' },
  { value: 'customer', label: 'Customer Name' },
  { value: 'city', label: 'City' },
  { value: 'dealer', label: 'Servicing Dealer' },
] as const;
export type MachineListFilterField = (typeof MACHINE_LIST_FILTERS)[number]['value'];

/** product §9: fuzzy match threshold of the machine list search (its page size: domain/paging.ts). */
export const MACHINE_LIST_FUZZY_THRESHOLD = 0.3;

/** The list item field each filter option searches. */
export const MACHINE_LIST_FIELD_KEYS: Record<MachineListFilterField, keyof MachineListItem> = {
  model: 'materialNumber',
  serial: 'serialNumber',
  customer: 'endCustomerName',
  city: 'city',
  dealer: 'servicingDealerName',
};
