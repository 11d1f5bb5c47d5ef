import { Dexie } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { TorqueDb } from '../../src/db/db';
import { SCHEMA_VERSION, schemaV1, schemaV5 } from '../../src/db/schema';

// Devices keep whatever version they last opened; only the newest schema is declared now.
describe('opening an older local database', () => {
  const name = 'torque-upgrade-test';
  afterEach(() => Dexie.delete(name));

  async function seed(version: number, stores: Record<string, string>) {
    const old = new Dexie(name);
    old.version(version).stores(stores);
    await old.table('profile').put({ key: 'me', user: { id: 'u1' }, syncedAt: 1 });
    await old
      .table('recentSearches')
      .add({ ownerUserId: 'u1', term: 'pump', category: 'All', searchedAt: 5 });
    old.close();
  }

  it.each([
    [1, schemaV1],
    [5, schemaV5],
  ] as const)('upgrades version %i in place, keeping its rows', async (version, stores) => {
    await seed(version, stores);
    const db = new TorqueDb(name);
    await db.open();

    expect(db.verno).toBe(SCHEMA_VERSION);
    expect((await db.profile.get('me'))?.syncedAt).toBe(1);
    const searches = await db.recentSearches
      .where('[ownerUserId+searchedAt]')
      .between(['u1', Dexie.minKey], ['u1', Dexie.maxKey])
      .toArray();
    expect(searches.map((s) => s.term)).toEqual(['pump']);

    // Tables added after that version exist, with their indexes.
    await db.caseDrafts.put({
      ownerUserId: 'u1',
      id: 'd1',
      flow: 'case',
      serial: 'S',
      model: 'M',
      pin: '',
      subject: 'Leak',
      state: {},
      updatedAt: 9,
    });
    const drafts = await db.caseDrafts
      .where('[ownerUserId+serial+model]')
      .equals(['u1', 'S', 'M'])
      .count();
    expect(drafts).toBe(1);
    await db.wizardLookups.put({ ownerUserId: 'u1', key: 'dtc|M', value: [], syncedAt: 2 });
    expect(await db.wizardLookups.count()).toBe(1);
    db.close();
  });
});
