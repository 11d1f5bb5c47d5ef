import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dealerListSchema } from '../../contract/dealers';
import { lanes, openGateway, type TestGateway } from './harness';
import { signIn } from './oidc-flow';

describe.each(lanes)('dealer lookup on $name', (lane) => {
  let gw: TestGateway;
  let sam: string;
  let dana: string;
  beforeAll(async () => {
    gw = await openGateway(lane);
    sam = await signIn(gw.app, 'sam.staff@torque.example');
    dana = await signIn(gw.app, 'dana.tech@northfield.example');
  });
  afterAll(async () => {
    await gw?.close();
  });
  const lookup = (query: string, cookie?: string) =>
    gw.app.inject({ url: `/api/v1/dealers?${query}`, headers: cookie ? { cookie } : {} });

  it('needs a session (401) and an internal user (403 for dana)', async () => {
    expect((await lookup('name=north')).statusCode).toBe(401);
    const res = await lookup('name=north', dana);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
  });

  it('olga is internal through the OEM account record type', async () => {
    const olga = await signIn(gw.app, 'olga.oem@torque.example');
    expect((await lookup('name=north', olga)).statusCode).toBe(200);
  });

  it('asks for at least one field, after trimming', async () => {
    for (const q of ['', 'name=%20%20&city=%20', 'city=&state=&name=&number=']) {
      const res = await lookup(q, sam);
      expect(res.statusCode, q).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Atleast one field is required' });
    }
  });

  it('matches the name as a case-insensitive contains search', async () => {
    const res = await lookup('name=%20THFIELD%20equip', sam);
    expect(res.statusCode).toBe(200);
    const { dealers } = dealerListSchema.parse(res.json());
    expect(dealers.map((d) => d.name)).toContain('Northfield Equipment');
    expect(dealers.every((d) => d.name.toLowerCase().includes('thfield equip'))).toBe(true);
    expect(dealers.find((d) => d.name === 'Northfield Equipment')).toMatchObject({
      number: 'D10417',
      city: 'Northfield',
      state: 'MN',
    });
  });

  it('filters by city (any case), state and number, ordered by name, never customers', async () => {
    const byCity = dealerListSchema.parse((await lookup('city=hastings', sam)).json()).dealers;
    expect(byCity.map((d) => d.name)).toContain('Riverbend Tractor');
    const byState = dealerListSchema.parse((await lookup('state=ne', sam)).json()).dealers;
    expect(byState.length).toBeGreaterThan(0);
    expect(byState.every((d) => d.state === 'NE')).toBe(true);
    const names = byState.map((d) => d.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byNumber = dealerListSchema.parse((await lookup('number=D20388', sam)).json()).dealers;
    expect(byNumber).toEqual([
      expect.objectContaining({ name: 'Riverbend Tractor', number: 'D20388' }),
    ]);
    // Combined fields narrow down.
    expect(
      dealerListSchema.parse((await lookup('number=D20388&state=MN', sam)).json()).dealers,
    ).toEqual([]);
  });

  it('covers DC and caps results at 100', async () => {
    const dc = dealerListSchema.parse((await lookup('state=DC', sam)).json()).dealers;
    expect(dc.length).toBeGreaterThan(0);
    const all = dealerListSchema.parse((await lookup('name=%20e%20', sam)).json()).dealers;
    expect(all.length).toBeLessThanOrEqual(100);
  });

  it('treats SQL-ish and wildcard input as plain text', async () => {
    for (const name of ["%' OR 1=1 --", '%', '_', "'; DROP TABLE accounts; --", '\\']) {
      const res = await lookup(`name=${encodeURIComponent(name)}`, sam);
      expect(res.statusCode, name).toBe(200);
      expect(res.json(), name).toEqual({ dealers: [] });
    }
    const bad = await lookup(`state=${encodeURIComponent("' OR 1=1")}`, sam);
    expect(bad.statusCode).toBe(400);
    // PostgreSQL text cannot hold a NUL: the caller's mistake, so 400, not 500.
    const nul = await lookup('name=a%00b', sam);
    expect(nul.statusCode).toBe(400);
    const repeated = await lookup('name=a&name=b', sam);
    expect(repeated.statusCode).toBe(400);
  });
});
