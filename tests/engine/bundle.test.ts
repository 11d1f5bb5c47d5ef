// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ClaimEvidence } from '../../contract/predictions';
import { evidenceByModel, evidenceRows, withFamilies } from '../../engine/bundle';
import { createEngine } from '../../engine';
import { CLAIMS, SEAL, STARTER, claim } from './claims-fixture';

/*
 * The device's bundle: statistics of the claims, from which the device's engine ranks as the
 * gateway's does over the claims themselves, and from which no claim's own record comes back.
 */

const CALIBRATION = { scores: [0, 1], probabilities: [0.05, 0.95] };

/** Many claims written alike, in an order where the first 40 of a tie are all one part. */
const HISTORY: ClaimEvidence[] = [
  ...CLAIMS,
  ...Array.from({ length: 45 }, () => claim('M7', 'Tractor', 'machine down', STARTER)),
  ...Array.from({ length: 30 }, () => claim('M7', 'Tractor', 'Machine down!', SEAL)),
  ...Array.from({ length: 12 }, (_, i) =>
    claim('M7', 'Tractor', `oil leak at loader valve at ${900 + i} hrs`, SEAL, {
      labourHours: 3 + (i % 3),
    }),
  ),
  claim('M7', 'Tractor', 'cab door hinge cracked', 'HINGE-1', {
    date: '2024-03-07',
    parts: [{ partNumber: 'HINGE-KIT-77', description: 'Hinge kit', quantity: 3 }],
    labourHours: 13.25,
  }),
];

function deviceEngine(claims: readonly ClaimEvidence[]) {
  const evidence = withFamilies(['M7'], evidenceByModel(claims));
  // What the device keeps is what crossed the wire: JSON.
  const kept = JSON.parse(JSON.stringify(evidence)) as typeof evidence;
  const { rows, terms } = evidenceRows(kept, claims.length);
  return { evidence, engine: createEngine(rows, { calibration: CALIBRATION, terms }) };
}

describe('the device bundle', () => {
  const gateway = createEngine(HISTORY, { calibration: CALIBRATION });
  const { evidence, engine: device } = deviceEngine(HISTORY);

  it("ranks on the device as the gateway's engine ranks over every claim", () => {
    for (const symptom of [
      'machine down',
      'hyd oil leak loader valve',
      'engine will not crank',
      'cab door hinge',
      'coolant temp warning',
    ]) {
      const g = gateway.predict({ model: 'M7', symptom });
      const d = device.predict({ model: 'M7', symptom });
      expect(
        d.map((a) => [a.causalPart, a.probability]),
        symptom,
      ).toEqual(g.map((a) => [a.causalPart, a.probability]));
    }
  });

  it('shares the last places among equally similar claims, whatever their order', () => {
    // 75 claims say "machine down": 45 starter, 30 seal. The first 40 are all starter.
    const [first, second] = gateway.predict({ model: 'M7', symptom: 'machine down' });
    expect(first!.causalPart).toBe(STARTER);
    expect(second!.causalPart).toBe(SEAL);
    const reversed = createEngine([...HISTORY].reverse(), { calibration: CALIBRATION });
    expect(reversed.predict({ model: 'M7', symptom: 'machine down' })).toEqual(
      gateway.predict({ model: 'M7', symptom: 'machine down' }),
    );
  });

  it("holds no claim's date, serial, parts or labour: a part of one claim gives neither", () => {
    const text = JSON.stringify(evidence);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(text).not.toContain('HINGE-KIT-77');
    expect(text).not.toContain('13.25');
    const m7 = evidence.find((e) => e.model === 'M7')!;
    const hinge = m7.parts.find((p) => p.causalPart === 'HINGE-1')!;
    expect(hinge).toMatchObject({ claims: 1, requiredParts: [], labourHours: null });
    // Symptoms written alike are one text with its count, its words in alphabetical order.
    const seal = m7.parts.find((p) => p.causalPart === SEAL)!;
    expect(seal.texts).toContain('down machine');
    expect(seal.counts[seal.texts.indexOf('down machine')]).toBe(30);
    expect(seal.labourHours).toBe(2);
  });
});
