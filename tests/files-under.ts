import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every file under `dir`, at any depth, whose name matches `pattern`; paths start with `dir`. */
export function filesUnder(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && pattern.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}
