import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * A screen's file and a gateway service are read whole by whoever changes them: past 300 lines
 * one holds more than one idea, and is split into files named for what they hold.
 */
const MAX_LINES = 300;
const FOLDERS = ['src/features', 'gateway/services'];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => join(dir, name));
}

const lineCount = (file: string) => readFileSync(file, 'utf8').trimEnd().split('\n').length;

describe(`source files stay under ${MAX_LINES} lines`, () => {
  it.each(FOLDERS)('%s', (folder) => {
    const files = sourcesUnder(folder);
    expect(files.length).toBeGreaterThan(10);
    const long = files
      .map((file) => ({ file, lines: lineCount(file) }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
