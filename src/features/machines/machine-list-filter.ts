import Fuse from 'fuse.js';
import type { MachineListItem } from '../../../contract/machines';
import {
  MACHINE_LIST_FIELD_KEYS,
  MACHINE_LIST_FUZZY_THRESHOLD,
  type MachineListFilterField,
} from '../../domain/machine-list';

export type MachineListFilter = (
  field: MachineListFilterField | null,
  text: string,
) => MachineListItem[];

/**
 * A filter over one list: one Fuse index per field, built on first use and kept, so a
 * keystroke only searches (the index is the costly part). Without a field or text the
 * whole list is returned in its order; with them, best matches first.
 */
export function createMachineListFilter(items: readonly MachineListItem[]): MachineListFilter {
  const indexes = new Map<MachineListFilterField, Fuse<MachineListItem>>();
  return (field, text) => {
    const q = text.trim();
    if (!field || !q) return [...items];
    let fuse = indexes.get(field);
    if (!fuse) {
      fuse = new Fuse(items, {
        keys: [MACHINE_LIST_FIELD_KEYS[field]],
        threshold: MACHINE_LIST_FUZZY_THRESHOLD,
        ignoreLocation: true,
      });
      indexes.set(field, fuse);
    }
    return fuse.search(q).map((r) => r.item);
  };
}

/** One-off form of the filter. */
export function filterMachineList(
  items: readonly MachineListItem[],
  field: MachineListFilterField | null,
  text: string,
): MachineListItem[] {
  return createMachineListFilter(items)(field, text);
}
