import { describe, expect, it } from 'vitest';
import {
  machinePathSegments,
  parseMachineRouteParams,
  parseRouteParam,
} from '../../src/domain/route-params';

describe('route params (product §2)', () => {
  it('reads the value after the 3-character sn- and mn- prefixes', () => {
    expect(parseRouteParam('sn-12345')).toEqual({ kind: 'serial', value: '12345' });
    expect(parseRouteParam('mn-M7-172')).toEqual({ kind: 'model', value: 'M7-172' });
  });
  it('reads the value after the 4-character pin- prefix', () => {
    expect(parseRouteParam('pin-KBCDZ26CCKMN12345')).toEqual({
      kind: 'pin',
      value: 'KBCDZ26CCKMN12345',
    });
  });
  it('reads case ids', () => {
    expect(parseRouteParam('case-500Hs00001')).toEqual({ kind: 'case', value: '500Hs00001' });
  });
  it('keeps dashes inside the value', () => {
    expect(parseRouteParam('mn-L-3301-A')).toEqual({ kind: 'model', value: 'L-3301-A' });
  });
  it('rejects tokens without a known prefix or without a value', () => {
    expect(parseRouteParam('xx-1')).toBeNull();
    expect(parseRouteParam('sn-')).toBeNull();
    expect(parseRouteParam('')).toBeNull();
    expect(parseRouteParam(undefined)).toBeNull();
  });
  it('reads :param1/:param2/:param3 in any order', () => {
    expect(parseMachineRouteParams('sn-12345', 'mn-M7', 'pin-ABC')).toEqual({
      serial: '12345',
      model: 'M7',
      pin: 'ABC',
    });
    expect(parseMachineRouteParams('mn-M7', 'sn-12345', 'case-9')).toEqual({
      serial: '12345',
      model: 'M7',
      caseId: '9',
    });
  });
  it('builds path segments back', () => {
    expect(machinePathSegments({ serial: '12345', model: 'M7' })).toBe('sn-12345/mn-M7');
    expect(machinePathSegments({ pin: 'ABC' })).toBe('pin-ABC');
  });
});
