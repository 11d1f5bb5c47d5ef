// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { aviationClaims, excavatorClaims } from '../../scripts/predictions-eval/real-text';

describe('real maintenance text as claims', () => {
  it('takes an excavator work order’s machine, short text and functional location', () => {
    const csv = [
      'BscStartDate,Asset,OriginalShorttext,FuncLocation',
      '2005-03-20,A,L/H BUCKET CYL LEAKING.,Cylinder Boom',
      '2005-03-21,B,NO LOCATION,NA',
      '2005-03-22,C,,BUCKET',
    ].join('\n');
    expect(excavatorClaims(csv)).toEqual([
      ['2005-03-20', 'A', '', 'L/H BUCKET CYL LEAKING.', 'CYLINDER BOOM', '', ''],
    ]);
  });

  const logbook = [
    '\uFEFFIDENT,PROBLEM,ACTION',
    '1,#2 & 4 CYL ROCKER COVER GASKETS ARE LEAKING.,REMOVED & REPLACED GASKETS.',
    '2,#2 INTAKE LEAKING.,"REMOVED & REPLACED #2 INTAKE GASKET, TORQUED."',
    '3,#3 INTAKE LEAKING.,REPLACED INTAKE GASKETS',
    '4,ENGINE IDLE OVERRIDE KILLED ENGINE.,REMOVED & REPLACED FUEL SERVO',
    '5,LEFT MAG DROP HIGH.,REPLACED L/H SPARK PLUGS AND CLEANED LEADS',
  ].join('\n');

  it('labels a logbook entry by the last word of what the action worked on, dropping labels seen once', () => {
    expect(aviationClaims(logbook, 1)).toEqual([
      ['2000-01-01', 'C172', '', '#2 & 4 CYL ROCKER COVER GASKETS ARE LEAKING.', 'GASKET', '', ''],
      ['2000-01-01', 'C172', '', '#2 INTAKE LEAKING.', 'GASKET', '', ''],
      ['2000-01-01', 'C172', '', '#3 INTAKE LEAKING.', 'GASKET', '', ''],
    ]);
  });

  it('reads two words as one label, three entries a day', () => {
    const claims = aviationClaims(logbook, 2);
    expect(claims.map((c) => c[4])).toEqual(['INTAKE GASKET', 'INTAKE GASKET']);
    expect(claims.map((c) => c[0])).toEqual(['2000-01-01', '2000-01-01']);
    const later = aviationClaims(`${logbook}\n6,#4 INTAKE LEAKING.,REPLACED INTAKE GASKET`, 2);
    expect(later.at(-1)).toEqual([
      '2000-01-02',
      'C172',
      '',
      '#4 INTAKE LEAKING.',
      'INTAKE GASKET',
      '',
      '',
    ]);
  });
});
