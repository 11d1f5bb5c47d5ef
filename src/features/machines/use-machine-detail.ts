import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { useOnline } from '../../components/use-online';
import { db } from '../../db/db';
import type { MachineRecordsRow, MachineRow } from '../../db/schema';
import type { MachineRouteParams } from '../../domain/route-params';
import { machineRecordsKey, refreshMachine, refreshMachineRecords } from '../../sync/machines';
import type { RefreshOutcome } from '../../sync/outcome';
import { keepWizardLookups } from '../../sync/wizard-lookups';

export type Refresh = RefreshOutcome | 'loading' | null;

/**
 * One machine, from the device first (so it opens offline) and refreshed from the gateway
 * whenever the app is online, once the kept machine is on screen. Found by PIN, else by model and serial, else by the inventory
 * id the last refresh answered (the route's serial may be the last 5 characters only).
 */
export function useMachineDetail(userId: string | undefined, key: MachineRouteParams) {
  const online = useOnline();
  const { serial, model, pin } = key;
  const resolvable = Boolean((serial && model) || pin);
  const [inventoryId, setInventoryId] = useState<string | undefined>();
  const [refresh, setRefresh] = useState<Refresh>(null);

  const row = useLiveQuery(async (): Promise<MachineRow | null> => {
    if (!userId || !resolvable) return null;
    let found: MachineRow | undefined;
    if (pin) found = await db.machines.where('[ownerUserId+pin]').equals([userId, pin]).first();
    if (!found && serial && model) {
      found = await db.machines
        .where('[ownerUserId+model+serial]')
        .equals([userId, model, serial])
        .first();
    }
    if (!found && inventoryId) found = await db.machines.get([userId, inventoryId]);
    return found ?? null;
  }, [userId, resolvable, pin, serial, model, inventoryId]);
  const keptShown = useKeptShownFirst(userId ? row : undefined);

  useEffect(() => {
    if (!userId || !resolvable || !online || !keptShown) return;
    const controller = new AbortController();
    setRefresh('loading');
    refreshMachine(userId, { serial, model, pin }, controller.signal).then(
      (outcome) => {
        if (controller.signal.aborted) return;
        if (outcome.inventoryId) setInventoryId(outcome.inventoryId);
        setRefresh(outcome);
      },
      () => undefined, // aborted: the route changed
    );
    return () => controller.abort();
  }, [userId, resolvable, serial, model, pin, online, keptShown]);

  return { row, refresh, resolvable, online };
}

/** A machine's cases and reports, stored per machine and refreshed when online. */
export function useMachineRecords(
  userId: string | undefined,
  machine: { serial: string; model: string } | null,
  withReports: boolean,
) {
  const online = useOnline();
  const serial = machine?.serial;
  const model = machine?.model;
  const row = useLiveQuery(
    async (): Promise<MachineRecordsRow | null> =>
      userId && serial && model
        ? ((await db.machineRecords.get([userId, machineRecordsKey(model, serial)])) ?? null)
        : null,
    [userId, serial, model],
  );
  const [refresh, setRefresh] = useState<Refresh>(null);
  const keptShown = useKeptShownFirst(userId ? row : undefined);

  useEffect(() => {
    if (!userId || !serial || !model || !online || !keptShown) return;
    const controller = new AbortController();
    setRefresh('loading');
    refreshMachineRecords(userId, { serial, model }, withReports, controller.signal).then(
      (outcome) => !controller.signal.aborted && setRefresh(outcome),
      () => undefined,
    );
    return () => controller.abort();
  }, [userId, serial, model, withReports, online, keptShown]);

  return { row, refresh };
}

/**
 * Opened online, the machine page keeps what the create case wizard needs for its model
 * (layouts, picklists, DTC values, parts catalogue), so a case can be filed out of signal.
 */
export function useWizardLookupsKept(userId: string, model: string, internal: boolean) {
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    // Nothing to show: what is kept is read by the wizard; a failure leaves the old answers.
    void keepWizardLookups(
      userId,
      model,
      internal ? ['Case', 'Report'] : ['Case'],
      controller.signal,
    ).catch(() => undefined);
    return () => controller.abort();
  }, [userId, model, internal, online]);
}
