import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { filesUnder } from '../files-under';

/*
 * A screen's file and a gateway service are read whole by whoever changes them: past 300 lines
 * one holds more than one idea, and is split into files named for what they hold.
 */
const MAX_LINES = 300;
const FOLDERS = ['src/features', 'gateway/services'];

const lineCount = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').length;

describe(`source files hold at most ${MAX_LINES} lines`, () => {
  it.each(FOLDERS)('%s', (folder) => {
    const files = filesUnder(folder, /\.tsx?$/);
    expect(files.length).toBeGreaterThan(10);
    const long = files
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
