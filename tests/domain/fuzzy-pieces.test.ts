import Fuse from 'fuse.js';
import { describe, expect, it } from 'vitest';
import { CASE_LIST_FUZZY_THRESHOLD } from '../../src/domain/case-list';
import { fuzzyPieces } from '../../src/domain/fuzzy-pieces';
import { createCaseListFilter } from '../../src/features/cases/case-list-filter';

let seed = 11;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const models = ['M7-172', 'M5-111', 'L3560', 'SVL97-2', 'MX6000', 'B2650'];
const words = ['Hydraulic', 'pump', 'whines', 'engine', 'derate', 'leak', 'noise', 'DPF'];

describe('fuzzy pieces: the cheap test before Fuse', () => {
  it('splits into one piece more than the edits allowed', () => {
    expect(fuzzyPieces('52', 0.3)).toEqual(['52']);
    expect(fuzzyPieces('52016', 0.3)).toEqual(['52', '016']);
    expect(fuzzyPieces('0000100', 0.3)).toEqual(['00', '00', '100']);
    expect(fuzzyPieces('hydraulic pump', 0.3)).toHaveLength(5);
    expect(fuzzyPieces('x'.repeat(33), 0.3)).toBeNull();
  });

  it('finds exactly what Fuse over every case finds, in the same order', () => {
    const items = Array.from({ length: 400 }, (_, i) => ({
      id: `c${i}`,
      caseNumber: String(1000 + i).padStart(8, '0'),
      subject: `${pick(words)} ${pick(words)} ${i}`,
      status: 'Created',
      modelNumber: rand() < 0.1 ? null : pick(models),
      serialNumber: String(10000 + Math.floor(rand() * 89999)),
    }));
    const fuse = new Fuse(items, {
      keys: ['caseNumber'],
      getFn: (c) =>
        [c.caseNumber, c.subject, c.modelNumber, c.serialNumber].filter(Boolean).join(' '),
      threshold: CASE_LIST_FUZZY_THRESHOLD,
      ignoreLocation: true,
    });
    const filter = createCaseListFilter(items);
    const typo = (s: string) => {
      const at = Math.floor(rand() * s.length);
      return s.slice(0, at) + pick(['x', '0', 'O', '']) + s.slice(at + 1);
    };
    let compared = 0;
    for (let n = 0; n < 300; n++) {
      const c = pick(items);
      const source = pick([
        c.subject,
        c.modelNumber ?? 'M7',
        c.serialNumber,
        c.caseNumber.slice(3),
      ]);
      const word = source.slice(0, 1 + Math.floor(rand() * source.length));
      const q = rand() < 0.5 ? typo(word) : word;
      if (!q.trim() || items.some((x) => x.caseNumber === q.trim())) continue;
      expect(filter(['All'], q), q).toEqual(fuse.search(q.trim()).map((r) => r.item));
      compared++;
    }
    expect(compared).toBeGreaterThan(200);
  });
});
