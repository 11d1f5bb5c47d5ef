import { describe, expect, it } from 'vitest';
import {
  createdDay,
  labourText,
  outcomeText,
  partsSheet,
  partsSheetFileName,
  probabilityText,
} from '../../src/domain/prediction-sheet';
import { prediction as predictionFixture } from '../components/prediction-fixtures';

// The fixture's first answer, then one with no parts and no labour recorded.
const base = predictionFixture({ symptom: 'hydraulic pump whines under load' });
const prediction = {
  ...base,
  combinations: [
    { ...base.combinations[0]!, probability: 0.724 },
    {
      causalPart: 'FL-2',
      causalPartDescription: '',
      requiredParts: [],
      labourHours: null,
      probability: 0.1,
    },
  ],
};

describe('parts sheet file name (product §9: cut to 20 characters)', () => {
  it('names the sheet by model, serial and symptom, cut to 20 characters', () => {
    expect(partsSheetFileName(prediction)).toBe('M7-172 52016 hydraul.pdf');
    expect(Array.from(partsSheetFileName(prediction).replace(/\.pdf$/, ''))).toHaveLength(20);
  });

  it('keeps a short one whole and trims the blank left at the cut', () => {
    expect(partsSheetFileName({ modelNumber: 'R6', serialNumber: '1', symptom: 'leak' })).toBe(
      'R6 1 leak.pdf',
    );
    expect(
      partsSheetFileName({ modelNumber: 'M7-172', serialNumber: '5201', symptom: ' x  noisy' }),
    ).toBe('M7-172 5201 x noisy.pdf');
    expect(
      partsSheetFileName({ modelNumber: 'M7-172', serialNumber: '52016', symptom: 'abcdef gh' }),
    ).toBe('M7-172 52016 abcdef.pdf');
  });

  it('replaces characters a file system refuses, and names an empty one', () => {
    expect(partsSheetFileName({ modelNumber: 'A/B', serialNumber: '1:2', symptom: '?' })).toBe(
      'A B 1 2.pdf',
    );
    expect(partsSheetFileName({ modelNumber: ' ', serialNumber: '', symptom: '' })).toBe(
      'parts.pdf',
    );
  });
});

describe('how a prediction reads', () => {
  it('says the probability as a whole percent, held to 0-100, never 0%', () => {
    expect(probabilityText(0.724)).toBe('72%');
    expect(probabilityText(0.725)).toBe('73%');
    expect(probabilityText(0.005)).toBe('1%');
    expect(probabilityText(0.004)).toBe('under 1%');
    expect(probabilityText(0)).toBe('under 1%');
    expect(probabilityText(1.2)).toBe('100%');
  });

  it('says the labour in whole hours', () => {
    expect(labourText(1)).toBe('1 hour');
    expect(labourText(2.6)).toBe('3 hours');
    expect(labourText(0)).toBe('0 hours');
    expect(labourText(null)).toBe('Not recorded');
  });

  it('says which answer held the causal part once the outcome is known, and nothing before', () => {
    expect(outcomeText({ ...prediction, outcome: null })).toBeNull();
    expect(outcomeText({ ...prediction, outcome: undefined })).toBeNull();
    const known = {
      result: 'hit3' as const,
      causalPart: ' fl-2 ',
      source: 'case' as const,
      recordedAt: '2026-11-28T10:00:00.000Z',
    };
    expect(outcomeText({ ...prediction, outcome: known })).toBe(
      'Outcome: fl-2 was Prediction #2 (from the closed case, 2026-11-28)',
    );
    expect(
      outcomeText({
        ...prediction,
        outcome: { ...known, result: 'miss', causalPart: 'XX-9', source: 'claim' },
      }),
    ).toBe('Outcome: XX-9 was not among the predictions (from a warranty claim, 2026-11-28)');
  });

  it('shows the created date as its first 10 characters', () => {
    expect(createdDay('2026-11-26T09:12:44.123Z')).toBe('2026-11-26');
  });

  it('writes the sheet: model, serial, symptom, then each prediction with parts, labour, probability', () => {
    const sheet = partsSheet(prediction);
    expect(sheet.title).toBe('Parts Predictions');
    expect(sheet.header).toEqual([
      'Model: M7-172',
      'Serial: 52016',
      'Symptom: hydraulic pump whines under load',
    ]);
    expect(sheet.blocks.map((b) => b.heading)).toEqual(['Prediction #1', 'Prediction #2']);
    expect(sheet.blocks[0]!.lines).toEqual([
      'Causal part: HP-100 Hydraulic pump',
      'Parts:',
      '  1 x HP-100 Hydraulic pump',
      '  2 x SK-7 Seal kit',
      'Labor: 3 hours',
      'Probability: 72%',
    ]);
    expect(sheet.blocks[1]!.lines).toEqual([
      'Causal part: FL-2',
      'Parts:',
      '  -',
      'Labor: Not recorded',
      'Probability: 10%',
    ]);
    expect(sheet.fileName).toBe('M7-172 52016 hydraul.pdf');
  });
});

describe('prediction links (product §2 route table)', () => {
  it('creates for a machine, or for a case with its case- segment', async () => {
    const { predictionPath, predictionDetailPath } = await import('../../src/domain/machine-links');
    const { parseMachineRouteParams } = await import('../../src/domain/route-params');
    expect(predictionPath({ serial: '52016', model: 'M7-172' })).toBe(
      '/support/machine/prediction/create/sn-52016/mn-M7-172',
    );
    const withCase = predictionPath({ serial: '52016', model: 'M7-172' }, 'c 1');
    expect(withCase).toBe('/support/machine/prediction/create/sn-52016/mn-M7-172/case-c%201');
    const [p1, p2, p3] = withCase.split('/').slice(-3).map(decodeURIComponent);
    expect(parseMachineRouteParams(p1, p2, p3)).toMatchObject({
      serial: '52016',
      model: 'M7-172',
      caseId: 'c 1',
    });
    expect(predictionDetailPath('p/1')).toBe('/support/prediction/p%2F1');
  });
});
