import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useState } from 'react';
import { db } from '../../db/db';
import type { MachineRow, OutboxRow } from '../../db/schema';
import type { MachineRouteParams } from '../../domain/route-params';
import { refreshMachine } from '../../sync/machines';
import { outboxOf } from '../../sync/outbox-status';

/**
 * The machine's stored row, if the device has it (seen before, or downloaded with "Prepare for
 * the field"): it gives the description, and the model when the path has only a PIN.
 * `undefined` while reading, null when the device does not have it.
 */
export function useStoredMachine(
  userId: string | undefined,
  params: MachineRouteParams,
): MachineRow | null | undefined {
  const { serial, model, pin } = params;
  return useLiveQuery(async () => {
    if (!userId) return null;
    if (serial && model) {
      const row = await db.machines
        .where('[ownerUserId+model+serial]')
        .equals([userId, model, serial])
        .first();
      if (row) return row;
    }
    if (pin)
      return (await db.machines.where('[ownerUserId+pin]').equals([userId, pin]).first()) ?? null;
    return null;
  }, [userId, serial, model, pin]);
}

/**
 * The commit's outbox entry, live: the replayer (page or service worker) moves it through
 * pending / sending / retry to done or needs-attention, and the alerts follow. Null once it is
 * gone (discarded), undefined while reading.
 */
export function useOutboxEntry(id: string | undefined): OutboxRow | null | undefined {
  return useLiveQuery(async () => (id ? ((await db.outbox.get(id)) ?? null) : null), [id]);
}

/**
 * Asks for the machine's details once (the read path of docs/architecture.md: the refresh
 * writes the row the live query above reads), once `keptShown` (the stored row, if any, is on
 * screen: use-kept-shown-first.ts). Offline or refused, the path's serial and model still do.
 * Resolves to true once the attempt is over, so a PIN-only path can say the machine was not
 * found.
 */
export function useMachineRefresh(
  userId: string | undefined,
  params: MachineRouteParams,
  keptShown: boolean,
): boolean {
  const { serial, model, pin } = params;
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!keptShown) return;
    if (!userId || (!pin && !(serial && model))) {
      setSettled(true);
      return;
    }
    const controller = new AbortController();
    setSettled(false);
    refreshMachine(userId, { serial, model, pin }, controller.signal).then(
      () => !controller.signal.aborted && setSettled(true),
      () => !controller.signal.aborted && setSettled(true),
    );
    return () => controller.abort();
  }, [userId, serial, model, pin, keptShown]);
  return settled;
}

/**
 * The latest pairing of this machine still in the outbox (queued, refused, or sent and kept a
 * while). A pairing made offline is usually followed on Offline & sync; coming back to the
 * screen by another way must still show how it went, not a blank step 1.
 */
export function useLatestPairing(
  userId: string | undefined,
  model: string,
  serial: string,
): OutboxRow | null | undefined {
  return useLiveQuery(async () => {
    if (!userId) return null;
    const rows = await outboxOf(userId);
    const mine = rows.filter((r) => {
      if (r.kind !== 'dcu-pairing') return false;
      const p = r.payload as { modelNumber?: string; serialNumber?: string };
      return p.modelNumber === model && p.serialNumber === serial;
    });
    return mine.at(-1) ?? null;
  }, [userId, model, serial]);
}
