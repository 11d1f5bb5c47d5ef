// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { configTable, readmeTable } from '../../scripts/config-table';

describe("the README's configuration table", () => {
  it('is the one the environment schema makes (npm run docs:config writes it)', async () => {
    expect(await readmeTable()).toBe(await configTable());
  });
});
