import type { Picklist, PicklistValue } from '../../contract/cases';

/*
 * Dependent picklists (product §4): a new controlling value reloads the dependants, keeping
 * their value when still offered, otherwise the first option; deeper dependants go back to
 * -None- and are disabled until their own controller is chosen again.
 */

export const NONE_VALUE = '-None-';

export type PicklistValues = Record<string, string>;

export interface PicklistState {
  values: PicklistValues;
  /** Dependants waiting for their controller to be chosen. */
  disabled: ReadonlySet<string>;
}

export function isNone(value: string | null | undefined): boolean {
  return value === undefined || value === null || value === '' || value === NONE_VALUE;
}

/** The options of a picklist under its controller's current value. */
export function picklistOptions(
  picklists: Readonly<Record<string, Picklist>>,
  apiName: string,
  values: PicklistValues,
): PicklistValue[] {
  const list = picklists[apiName];
  if (!list) return [];
  if (!list.controllerName) return list.values;
  const controlling = values[list.controllerName];
  if (isNone(controlling)) return [];
  return list.values.filter((v) => v.validFor.includes(controlling!));
}

function dependantsOf(picklists: Readonly<Record<string, Picklist>>, apiName: string): string[] {
  return Object.entries(picklists)
    .filter(([, list]) => list.controllerName === apiName)
    .map(([name]) => name);
}

/** Where a form starts: dependants of an unchosen controller are -None- and disabled. */
export function initialPicklistState(
  picklists: Readonly<Record<string, Picklist>>,
  values: PicklistValues,
): PicklistState {
  const next: PicklistValues = { ...values };
  const disabled = new Set<string>();
  for (const [name, list] of Object.entries(picklists)) {
    if (next[name] === undefined) next[name] = list.defaultValue ?? NONE_VALUE;
  }
  for (const [name, list] of Object.entries(picklists)) {
    if (list.controllerName && isNone(next[list.controllerName])) {
      next[name] = NONE_VALUE;
      disabled.add(name);
    }
  }
  return { values: next, disabled };
}

/** Applies a new value of one picklist and what it means for the fields that depend on it. */
export function changePicklist(
  picklists: Readonly<Record<string, Picklist>>,
  state: PicklistState,
  apiName: string,
  value: string,
): PicklistState {
  const values: PicklistValues = { ...state.values, [apiName]: value };
  const disabled = new Set(state.disabled);

  const resetDeeper = (name: string) => {
    for (const deeper of dependantsOf(picklists, name)) {
      values[deeper] = NONE_VALUE;
      disabled.add(deeper);
      resetDeeper(deeper);
    }
  };

  for (const dependant of dependantsOf(picklists, apiName)) {
    const options = picklistOptions(picklists, dependant, values);
    if (isNone(value) || options.length === 0) {
      values[dependant] = NONE_VALUE;
      disabled.add(dependant);
    } else {
      const current = values[dependant];
      const legal = options.some((o) => o.value === current);
      values[dependant] = legal ? current! : options[0]!.value;
      disabled.delete(dependant);
    }
    resetDeeper(dependant);
  }
  return { values, disabled };
}

/**
 * Why a dependent picklist cannot be opened yet, said under it: its controller (by its label,
 * else by its API name made readable) has no value.
 */
export function waitingForController(controllerLabel: string | undefined, apiName: string): string {
  const label = controllerLabel ?? apiName.replace(/__c$/, '').replace(/_/g, ' ').trim();
  return `Choose ${label} first`;
}
