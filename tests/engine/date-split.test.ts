// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { splitByDate } from '../../scripts/predictions-eval/date-split';

const row = (date: string, serial: string | null, id: number) => ({ date, model: 'M', serial, id });

describe('date split of the evaluation', () => {
  it('learns from every claim older than the newest 20 %, which it tests', () => {
    // Ten claims, one a day, given out of order.
    const rows = [7, 2, 9, 0, 5, 1, 8, 3, 6, 4].map((d) => row(`2024-01-${10 + d}`, null, d));
    const split = splitByDate(rows);
    expect(split.learn.map((r) => r.id)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(split.test.map((r) => r.id)).toEqual([8, 9]);
    expect(split.leftOutForSerial).toBe(0);
  });

  it('keeps claims of one day in the file order across the cut', () => {
    const rows = Array.from({ length: 5 }, (_, i) => row('2024-05-05', null, i));
    const split = splitByDate(rows);
    expect(split.learn.map((r) => r.id)).toEqual([0, 1, 2, 3]);
    expect(split.test.map((r) => r.id)).toEqual([4]);
  });

  it('leaves out of learning every claim of a machine that is in the test window', () => {
    const rows = [
      row('2020-01-01', 'S1', 0),
      row('2020-01-02', 'S2', 1),
      row('2020-01-03', null, 2),
      row('2020-01-04', 'S3', 3),
      row('2020-01-05', 'S1', 4),
      row('2020-01-06', 'S4', 5),
      row('2020-01-07', 'S5', 6),
      row('2020-01-08', 'S6', 7),
      row('2020-01-09', 'S1', 8), // test
      row('2020-01-10', 'S3', 9), // test
    ];
    const split = splitByDate(rows);
    expect(split.test.map((r) => r.id)).toEqual([8, 9]);
    expect(split.learn.map((r) => r.id)).toEqual([1, 2, 5, 6, 7]);
    expect(split.leftOutForSerial).toBe(3);
    // The same serial of another model is another machine.
    const other = splitByDate(rows.map((r) => (r.id === 0 ? { ...r, model: 'N' } : r)));
    expect(other.learn.map((r) => r.id)).toEqual([0, 1, 2, 5, 6, 7]);
  });

  it('tests any window of the claims by date, learning from everything before it', () => {
    const rows = Array.from({ length: 10 }, (_, d) => row(`2024-01-${10 + d}`, null, d));
    const split = splitByDate(rows, { from: 0.6, to: 0.8 });
    expect(split.test.map((r) => r.id)).toEqual([6, 7]);
    expect(split.learn.map((r) => r.id)).toEqual([0, 1, 2, 3, 4, 5]);
    // Rolling windows of a tenth cut where their shares say, sums of tenths and all.
    const at = (from: number) => splitByDate(rows, { from, to: from + 0.1 }).test[0]!.id;
    expect([0, 1, 2, 3].map((i) => at(0.6 + i * 0.1))).toEqual([6, 7, 8, 9]);
  });
});
