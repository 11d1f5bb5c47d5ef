import { useLiveQuery } from 'dexie-react-hooks';
import type { RemoteConfig } from '../../contract';
import { db } from '../db/db';

/** Remote configuration as last cached on the device (sync/refresh keeps it fresh). */
export function useRemoteConfig(): RemoteConfig | null | undefined {
  return useLiveQuery(async () => (await db.config.get('remote'))?.config ?? null, []);
}
