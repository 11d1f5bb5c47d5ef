// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { documentedTable, endpointTable } from '../../scripts/endpoint-table';

describe("docs/gateway.md's endpoint table", () => {
  it('is the one the declarations make (npm run docs:endpoints writes it)', async () => {
    expect(await documentedTable()).toBe(await endpointTable());
  });
});
