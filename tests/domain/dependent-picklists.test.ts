import { describe, expect, it } from 'vitest';
import type { Picklist } from '../../contract/cases';
import {
  NONE_VALUE,
  changePicklist,
  initialPicklistState,
  picklistOptions,
  waitingForController,
} from '../../src/domain/dependent-picklists';

const plain = (values: string[]): Picklist => ({
  controllerName: null,
  defaultValue: null,
  values: values.map((v) => ({ value: v, label: v, validFor: [] })),
});
const dependent = (controllerName: string, byValue: Record<string, string[]>): Picklist => ({
  controllerName,
  defaultValue: null,
  values: Object.entries(byValue).map(([v, validFor]) => ({ value: v, label: v, validFor })),
});

const picklists = {
  Operating: plain(['Field', 'Road']),
  Terrain: dependent('Operating', { Flat: ['Field', 'Road'], Steep: ['Field'] }),
  Ground: dependent('Terrain', { Asphalt: ['Flat'], Mud: ['Flat', 'Steep'] }),
  Ambient: plain(['Dry', 'Rain']),
};

describe('dependent picklists (product §4)', () => {
  it('offers a dependant only the values valid for its controller', () => {
    expect(
      picklistOptions(picklists, 'Terrain', { Operating: 'Road' }).map((o) => o.value),
    ).toEqual(['Flat']);
    expect(picklistOptions(picklists, 'Terrain', { Operating: NONE_VALUE })).toEqual([]);
    expect(picklistOptions(picklists, 'Ambient', {})).toHaveLength(2);
  });

  it('starts dependants of an unchosen controller at -None-, disabled', () => {
    const s = initialPicklistState(picklists, {});
    expect(s.values).toEqual({
      Operating: NONE_VALUE,
      Terrain: NONE_VALUE,
      Ground: NONE_VALUE,
      Ambient: NONE_VALUE,
    });
    expect([...s.disabled].sort()).toEqual(['Ground', 'Terrain']);
  });

  it('keeps the dependant value when still legal and resets deeper ones to -None-, disabled', () => {
    let s = initialPicklistState(picklists, {});
    s = changePicklist(picklists, s, 'Operating', 'Field');
    s = changePicklist(picklists, s, 'Terrain', 'Steep');
    s = changePicklist(picklists, s, 'Ground', 'Mud');
    expect(s.disabled.size).toBe(0);
    // Road: Steep is no longer offered, so Terrain takes the first option; Ground resets.
    s = changePicklist(picklists, s, 'Operating', 'Road');
    expect(s.values.Terrain).toBe('Flat');
    expect(s.values.Ground).toBe(NONE_VALUE);
    expect(s.disabled.has('Ground')).toBe(true);
    expect(s.disabled.has('Terrain')).toBe(false);
    // Back to Field: Flat is still legal and stays.
    s = changePicklist(picklists, s, 'Operating', 'Field');
    expect(s.values.Terrain).toBe('Flat');
  });

  it('disables every dependant when the controller goes back to -None-', () => {
    let s = changePicklist(picklists, initialPicklistState(picklists, {}), 'Operating', 'Field');
    s = changePicklist(picklists, s, 'Operating', NONE_VALUE);
    expect(s.values.Terrain).toBe(NONE_VALUE);
    expect([...s.disabled].sort()).toEqual(['Ground', 'Terrain']);
  });

  it('enables the direct dependant once its controller is chosen', () => {
    let s = changePicklist(picklists, initialPicklistState(picklists, {}), 'Operating', 'Field');
    expect(s.disabled.has('Ground')).toBe(true);
    s = changePicklist(picklists, s, 'Terrain', 'Flat');
    expect(s.values.Ground).toBe('Asphalt');
    expect(s.disabled.has('Ground')).toBe(false);
  });
});

describe('a dependant waiting for its controller', () => {
  it('names the controller by its label, else by its API name made readable', () => {
    expect(waitingForController('Operating Conditions', 'Operating_Conditions__c')).toBe(
      'Choose Operating Conditions first',
    );
    expect(waitingForController(undefined, 'Operating_Conditions__c')).toBe(
      'Choose Operating Conditions first',
    );
  });
});
