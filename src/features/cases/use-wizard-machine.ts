import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useOnline } from '../../components/use-online';
import { db } from '../../db/db';
import type { MachineRow } from '../../db/schema';
import type { MachineRouteParams } from '../../domain/route-params';
import { refreshMachine } from '../../sync/machines';

/**
 * The machine the wizard's path names, so a case opened from a bookmark or a link is linked to
 * its inventory record as one started from the machine page: from the device's machines first
 * (offline too), fetched from the gateway when the device has not kept it. Found by PIN, else
 * by model and serial, else by the inventory id the fetch answered (the path's model may differ
 * in case, or its serial be the last 5 characters of the PIN).
 * Undefined while the device is read, null when the machine is not known.
 */
export function useWizardMachine(
  userId: string | undefined,
  key: MachineRouteParams,
): MachineRow | null | undefined {
  const online = useOnline();
  const { serial, model, pin } = key;
  const [inventoryId, setInventoryId] = useState<string | undefined>();

  const lookupKey = `${userId ?? ''}|${pin ?? ''}|${model ?? ''}|${serial ?? ''}|${inventoryId ?? ''}`;
  // Tagged with the key it was read for: until the read for the current key answers, the last
  // answer (say, before the user was known) must not count as "not on the device".
  const read = useLiveQuery(async () => {
    let found: MachineRow | undefined;
    if (userId && pin) {
      found = await db.machines.where('[ownerUserId+pin]').equals([userId, pin]).first();
    }
    if (!found && userId && serial && model) {
      found = await db.machines
        .where('[ownerUserId+model+serial]')
        .equals([userId, model, serial])
        .first();
    }
    if (!found && userId && inventoryId) found = await db.machines.get([userId, inventoryId]);
    return { key: lookupKey, row: found ?? null };
  }, [lookupKey]);
  const row = read?.key === lookupKey ? read.row : undefined;

  const missing = row === null;
  useEffect(() => {
    if (!userId || !missing || !online || !((serial && model) || pin)) return;
    const controller = new AbortController();
    refreshMachine(userId, { serial, model, pin }, controller.signal).then(
      (outcome) => {
        if (!controller.signal.aborted && outcome.inventoryId) setInventoryId(outcome.inventoryId);
      },
      () => undefined, // aborted: the wizard left
    );
    return () => controller.abort();
  }, [userId, missing, online, serial, model, pin]);

  return row;
}
