import { useLiveQuery } from 'dexie-react-hooks';
import type { User } from '../../contract';
import { db } from '../db/db';

/**
 * The signed-in user from the device (a live query, so it renders offline and updates when
 * a refresh lands). `undefined` while the first read runs, `null` when nobody is stored.
 */
export function useProfile(): User | null | undefined {
  return useLiveQuery(async () => (await db.profile.get('me'))?.user ?? null, []);
}
