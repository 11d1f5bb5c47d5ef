// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../engine';
import { BELT, CLAIMS, SEAL, SPINDLE, STARTER, THERMOSTAT, claim } from './claims-fixture';

const engine = createEngine(CLAIMS);
const top = (model: string, symptom: string, family?: string | null) =>
  engine.predict({ model, symptom, family })[0]?.causalPart;

describe('prediction engine', () => {
  it('answers the symptom as the claims wrote it', () => {
    expect(top('M7', 'hydraulic oil leaking at the loader valve')).toBe(SEAL);
    expect(top('M7', 'engine will not crank')).toBe(STARTER);
    expect(top('M7', 'coolant temperature warning')).toBe(THERMOSTAT);
  });

  it('reads misspelt words, abbreviations and another word order', () => {
    expect(top('M7', 'hydrualic oil leakin at loadr valve')).toBe(SEAL);
    expect(top('M7', 'hyd leak at ldr valve')).toBe(SEAL);
    expect(top('M7', 'temp warning, coolant')).toBe(THERMOSTAT);
    expect(top('M7', 'eng wont crank')).toBe(STARTER);
    expect(top('M7', 'valve on loader leaking oil')).toBe(SEAL);
    // The one telling word alone, misspelt or cut short: only the vocabulary can place it.
    expect(top('M7', 'hydrualic')).toBe(SEAL);
    expect(top('M7', 'overheeting')).toBe(THERMOSTAT);
    expect(top('M7', 'temp')).toBe(THERMOSTAT);
    expect(top('M7', 'strtr clicks')).toBe(STARTER);
  });

  it('answers a model with no claims of its own from its family, then from all claims', () => {
    // M6 is unknown to the claims: the family given by the caller leads to the tractors.
    expect(top('M6', 'engine does not crank', 'Tractor')).toBe(STARTER);
    expect(top('M6', 'belt squeals', 'Tractor')).toBe(BELT);
    expect(top('NEW-1', 'mower deck vibrates')).toBe(SPINDLE);
    // M5 has one claim: its family's evidence carries the rest.
    expect(top('M5', 'loader valve leaking oil')).toBe(SEAL);
  });

  it('prefers the model, then its family, over the same words elsewhere', () => {
    const rows = [
      ...Array.from({ length: 6 }, () => claim('T1', 'Tractor', 'vibration at speed', 'AXLE-1')),
      ...Array.from({ length: 9 }, () => claim('Z1', 'Mower', 'vibration at speed', 'SPIN-1')),
      claim('T2', 'Tractor', 'vibration at speed', 'CAB-1'),
      ...Array.from({ length: 2400 }, () => claim('T2', 'Tractor', 'cab door rattles', 'CAB-2')),
    ];
    const e = createEngine(rows);
    const ask = (model: string, family?: string) =>
      e.predict({ model, symptom: 'vibration at speed', family }).map((a) => a.causalPart);
    // T3 is new, a tractor: its family outweighs the mowers' more numerous claims.
    expect(ask('T3', 'Tractor')[0]).toBe('AXLE-1');
    // Without a family, all claims speak.
    expect(ask('T3')[0]).toBe('SPIN-1');
    // T2 has many claims of its own: its one vibration claim leads.
    expect(ask('T2')[0]).toBe('CAB-1');
    // With few claims of its own, the family's evidence leads.
    const few = createEngine(rows.slice(0, 30)).predict({
      model: 'T2',
      symptom: 'vibration at speed',
    });
    expect(few[0]!.causalPart).toBe('AXLE-1');
  });

  it('brings a part ranked without neighbours its own claims’ parts set and labour', () => {
    const kit = { partNumber: 'KIT-7', description: 'Whine kit', quantity: 2 };
    const rows = [
      // The 40 nearest places all go to the exact symptom's part...
      ...Array.from({ length: 45 }, () => claim('X', null, 'pump whines loudly at idle', 'A-1')),
      // ...while these, sharing words, rank only through the pooled evidence.
      ...Array.from({ length: 4 }, () =>
        claim('X', null, 'pump whines', 'B-2', { parts: [kit], labourHours: 5 }),
      ),
    ];
    const answers = createEngine(rows).predict({
      model: 'X',
      symptom: 'pump whines loudly at idle',
    });
    const b = answers.find((a) => a.causalPart === 'B-2');
    expect(b).toMatchObject({
      causalPartDescription: 'Part B-2',
      requiredParts: [kit],
      labourHours: 5,
    });
  });

  it('breaks ties in the parts’ alphabetical order, whatever the order of the rows', () => {
    const rows = [claim('X', null, 'pump whines', 'B-2'), claim('X', null, 'pump whines', 'A-1')];
    for (const set of [rows, [...rows].reverse()]) {
      const answers = createEngine(set).predict({ model: 'X', symptom: 'pump whines' });
      expect(answers.map((a) => a.causalPart)).toEqual(['A-1', 'B-2']);
      expect(answers[0]!.probability).toBe(answers[1]!.probability);
    }
  });

  it('gives at most the asked number of answers, best first, with probabilities in [0, 1]', () => {
    const answers = engine.predict({ model: 'M7', symptom: 'oil leak engine crank temp' }, 2);
    expect(answers).toHaveLength(2);
    for (const a of answers) {
      expect(a.probability).toBeGreaterThanOrEqual(0);
      expect(a.probability).toBeLessThanOrEqual(1);
    }
    expect(answers[0]!.probability).toBeGreaterThanOrEqual(answers[1]!.probability);
  });

  it('lets the word that names a part lead over rarer words that name none', () => {
    // A terse logbook: "need to be replaced" is rarer than "gaskets", but it is written of
    // every kind of part, while "gaskets" is written of the gasket.
    const rows = [
      ...Array.from({ length: 30 }, (_, i) =>
        claim('A1', null, `rocker cover gaskets leaking ${i % 2 ? 'oil' : ''}`, 'GASKET'),
      ),
      ...['PLUG', 'HOSE', 'BELT', 'FILTER'].map((part) =>
        claim('A1', null, `${part.toLowerCase()} need to be replaced`, part),
      ),
      ...Array.from({ length: 30 }, (_, i) => claim('A1', null, `tyre worn ${i}`, 'TYRE')),
    ];
    const answers = createEngine(rows).predict({
      model: 'A1',
      symptom: 'gaskets need to be replaced',
    });
    expect(answers[0]?.causalPart).toBe('GASKET');
  });

  it('finds nothing for words no claim uses', () => {
    expect(engine.predict({ model: 'M7', symptom: 'zzqx' })).toEqual([]);
    expect(engine.predict({ model: 'M7', symptom: '   ' })).toEqual([]);
    expect(createEngine([]).predict({ model: 'M7', symptom: 'oil leak' })).toEqual([]);
  });
});
