import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../db/db';
import type { MachineRow } from '../db/schema';

/**
 * The machines kept on this device for the user (opened before, or downloaded by Prepare
 * for the field), read only while `wanted`: offline searches run over them.
 */
export function useDeviceMachines(userId: string | undefined, wanted: boolean) {
  return useLiveQuery(
    async (): Promise<MachineRow[] | null> =>
      userId && wanted
        ? db.machines
            .where('[ownerUserId+inventoryId]')
            .between([userId, ''], [userId, '\uffff'])
            .toArray()
        : null,
    [userId, wanted],
  );
}
