import { describe, expect, it } from 'vitest';
import type { MachineListItem } from '../../contract/machines';
import { MACHINE_LIST_FILTERS, MACHINE_LIST_FUZZY_THRESHOLD } from '../../src/domain/machine-list';
import { pageOf } from '../../src/domain/paging';
import {
  createMachineListFilter,
  filterMachineList,
} from '../../src/features/machines/machine-list-filter';

function item(over: Partial<MachineListItem>): MachineListItem {
  return {
    serialNumber: '00000',
    materialNumber: 'M5-111',
    description: 'M5-111 Utility Tractor',
    productIdentificationNo: 'KBCM5111TNP000000',
    endCustomerName: 'Walter Hanson',
    city: 'Northfield',
    state: 'MN',
    servicingDealerName: 'Northfield Equipment',
    iconUrl: '/api/v1/machine-icons/Tractor',
    ...over,
  };
}

const list: MachineListItem[] = [
  item({ serialNumber: '41876', materialNumber: 'M5-111' }),
  item({ serialNumber: '52016', materialNumber: 'M7-172', endCustomerName: 'Greta Lindqvist' }),
  item({
    serialNumber: '33090',
    materialNumber: 'SVL97-2',
    city: 'Faribault',
    servicingDealerName: 'Riverbend Tractor',
    endCustomerName: null,
  }),
  item({ serialNumber: '70531', materialNumber: 'L3560', city: 'Dundas' }),
];

const serials = (xs: MachineListItem[]) => xs.map((x) => x.serialNumber);

describe('machine list filter (product §2, §9)', () => {
  it('offers Model, Serial, Customer Name, City, Servicing Dealer in that order', () => {
    expect(MACHINE_LIST_FILTERS.map((f) => f.label)).toEqual([
      'Model',
      'Serial',
      'Customer Name',
      'City',
      'Servicing Dealer',
    ]);
    expect(MACHINE_LIST_FUZZY_THRESHOLD).toBe(0.3);
  });

  it('returns the whole list in its order without a field or without text', () => {
    expect(serials(filterMachineList(list, null, 'M7'))).toEqual(serials(list));
    expect(serials(filterMachineList(list, 'model', '   '))).toEqual(serials(list));
  });

  it('matches only on the chosen field', () => {
    expect(serials(filterMachineList(list, 'model', 'M7-172'))).toEqual(['52016']);
    // '52016' is a serial, not a model: the Model filter finds nothing.
    expect(filterMachineList(list, 'model', '52016')).toEqual([]);
    expect(serials(filterMachineList(list, 'serial', '52016'))).toEqual(['52016']);
    expect(serials(filterMachineList(list, 'dealer', 'Riverbend'))).toEqual(['33090']);
    expect(serials(filterMachineList(list, 'city', 'Dundas'))).toEqual(['70531']);
  });

  it('is fuzzy: a typo within threshold 0.3 still matches', () => {
    expect(serials(filterMachineList(list, 'customer', 'Lindqvst'))).toEqual(['52016']);
    expect(serials(filterMachineList(list, 'city', 'Faribualt'))).toEqual(['33090']);
  });

  it('is not too fuzzy: a different word does not match at 0.3', () => {
    expect(filterMachineList(list, 'customer', 'Johnson')).toEqual([]);
    expect(filterMachineList(list, 'city', 'Minneapolis')).toEqual([]);
  });

  it('skips items whose field is empty', () => {
    expect(serials(filterMachineList(list, 'customer', 'Walter Hanson'))).not.toContain('33090');
  });

  it('a reusable filter answers per field without mixing indexes', () => {
    const f = createMachineListFilter(list);
    expect(serials(f('model', 'L3560'))).toEqual(['70531']);
    expect(serials(f('serial', '41876'))).toEqual(['41876']);
    expect(serials(f('model', 'SVL97'))).toEqual(['33090']);
  });
});

describe('paging (10 per page)', () => {
  const many = Array.from({ length: 27 }, (_, i) => i);
  it('cuts pages of 10 and counts them', () => {
    expect(pageOf(many, 1)).toEqual({ items: many.slice(0, 10), page: 1, pageCount: 3 });
    expect(pageOf(many, 3)).toEqual({ items: [20, 21, 22, 23, 24, 25, 26], page: 3, pageCount: 3 });
  });
  it('clamps an out-of-range page', () => {
    expect(pageOf(many, 9).page).toBe(3);
    expect(pageOf(many, 0).page).toBe(1);
    expect(pageOf(many, Number.NaN).page).toBe(1);
  });
  it('an empty list has one empty page', () => {
    expect(pageOf([], 1)).toEqual({ items: [], page: 1, pageCount: 1 });
  });
});
