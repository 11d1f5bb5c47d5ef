// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseParts, readClaimsCsv } from '../../scripts/predictions-eval/claims-csv';

const HEADER = 'date,model,serial,symptom,causal_part,parts,labour_hours';

describe('claims CSV reader', () => {
  it('reads quoted fields: commas, doubled quotes and line breaks inside them', () => {
    const file = [
      HEADER,
      '2024-03-01,M7-172,52016,"leaks oil, also ""whines""",SEAL-1,SEAL-1:1;OIL-5:2,3.5',
      '2024-03-02,L3560,,"two\nlines",PUMP-2,,',
    ].join('\r\n');
    const { rows, read, refused } = readClaimsCsv(file);
    expect(refused).toEqual([]);
    expect(read).toBe(2);
    expect(rows[0]).toEqual({
      date: '2024-03-01',
      model: 'M7-172',
      family: null,
      serial: '52016',
      symptom: 'leaks oil, also "whines"',
      causalPart: 'SEAL-1',
      causalPartDescription: '',
      parts: [
        { partNumber: 'SEAL-1', description: '', quantity: 1 },
        { partNumber: 'OIL-5', description: '', quantity: 2 },
      ],
      labourHours: 3.5,
    });
    expect(rows[1]).toMatchObject({
      serial: null,
      symptom: 'two\nlines',
      parts: [],
      labourHours: null,
    });
  });

  it('refuses broken rows with their line and reason, and reads on', () => {
    const file = [
      HEADER,
      '2024-13-01,M,1,noise,P-1,,', // line 2: no such month
      '2024-01-01,M,1,,P-1,,', // 3: no symptom
      '2024-01-01,M,1,noise,P-1,P-1:x,', // 4: bad quantity
      '2024-01-01,M,1,noise,P-1,,-2', // 5: negative labour
      '2024-01-01,M,1,noise', // 6: too few fields
      '', // an empty line is skipped, not refused
      ',,,,,,', // 8: an empty row is skipped too
      '2024-01-02,M,1,"stray "quote" inside",P-2,,1', // 9: kept as text
      '2024-01-03,M,1,fine,P-3,,2', // 10
      '2024-01-04,M,1,"never closed,P-4,,2', // 11: swallows the rest
      '2024-01-05,M,1,lost,P-5,,2',
    ].join('\n');
    const { rows, read, refused } = readClaimsCsv(file);
    expect(rows.map((r) => r.causalPart)).toEqual(['P-2', 'P-3']);
    // Kept as written, quotes and all: the symptom is still words to learn from.
    expect(rows[0]!.symptom).toBe('"stray "quote" inside"');
    expect(refused.map((r) => r.line)).toEqual([2, 3, 4, 5, 6, 12]);
    expect(refused[0]!.reason).toMatch(/date/);
    expect(refused[1]!.reason).toMatch(/symptom/);
    expect(refused[2]!.reason).toMatch(/parts/);
    expect(refused[3]!.reason).toMatch(/labour_hours/);
    expect(refused[4]!.reason).toMatch(/expected 7 fields, found 4/);
    expect(refused[5]!.reason).toMatch(/Quote Not Closed/);
    expect(read).toBe(8);
  });

  it('refuses a file without the header, and reads an empty one as nothing', () => {
    const wrong = readClaimsCsv('when,model\n2024-01-01,M');
    expect(wrong.rows).toEqual([]);
    expect(wrong.refused[0]).toEqual({ line: 1, reason: `the header must be ${HEADER}` });
    expect(readClaimsCsv('')).toMatchObject({ rows: [], read: 0 });
    expect(readClaimsCsv(`\uFEFF${HEADER}\n`)).toEqual({ rows: [], read: 0, refused: [] });
  });

  it('reads parts as PARTNO:QTY pairs', () => {
    expect(parseParts('A-1:2; B-2 : 1;')).toEqual([
      { partNumber: 'A-1', description: '', quantity: 2 },
      { partNumber: 'B-2', description: '', quantity: 1 },
    ]);
    expect(parseParts('')).toEqual([]);
    expect(parseParts('A-1')).toMatch(/not PARTNO:QTY/);
    expect(parseParts('A-1:0')).toMatch(/not PARTNO:QTY/);
  });
});
