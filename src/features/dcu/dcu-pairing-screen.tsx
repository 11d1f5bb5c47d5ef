import { Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { COMMIT_NETWORK_FAILURE_MESSAGE } from '../../../contract/dcu';
import { MACHINE_NOT_FOUND_MESSAGE } from '../../../contract/machines';
import type { DcuStatus } from '../../api/dcu';
import type { OutboxRow } from '../../db/schema';
import { useProfile } from '../../components/use-profile';
import { useKeptShownFirst } from '../../components/use-kept-shown-first';
import { buildDcuPairing, pairingMachine, type PairingMachine } from '../../domain/dcu-input';
import {
  machinePathSegments,
  parseMachineRouteParams,
  type MachineRouteParams,
} from '../../domain/route-params';
import { commitDcuPairing } from '../../sync/dcu';
import { CommitAlerts } from './commit-alerts';
import { DcuCard } from './dcu-card';
import { EngineHoursStep } from './engine-hours-step';
import { ImeiStep } from './imei-step';
import { useDcuCheck } from './use-dcu-check';
import {
  useLatestPairing,
  useMachineRefresh,
  useOutboxEntry,
  useStoredMachine,
} from './use-pairing-data';

/**
 * Where the screen is, kept in the history entry's state rather than only in React: a reload
 * (or the app reopening on this entry) comes back to the checked unit and to the commit's
 * outbox entry, whose progress the screen keeps following.
 */
interface PairingHistoryState {
  dcu?: DcuStatus;
  outboxId?: string;
  /** Set by starting over: the latest pairing in the outbox is no longer shown. */
  startedOver?: boolean;
}

function readHistoryState(state: unknown): PairingHistoryState {
  if (!state || typeof state !== 'object') return {};
  return state as PairingHistoryState;
}

/** The unit a queued pairing names, for the card above its alert. */
function dcuOfPairing(row: OutboxRow): DcuStatus {
  const p = row.payload as { imeiNumber?: string; dcuPartNumber?: string };
  return { imei: p.imeiNumber ?? '', type: p.dcuPartNumber ?? '', lastReportedAt: null };
}

/** /support/machine/imei/:param1/:param2? (product §2, §4 DCU pairing). */
export function DcuPairingScreen() {
  const { param1, param2 } = useParams();
  const params = parseMachineRouteParams(param1, param2);
  const profile = useProfile();
  const stored = useStoredMachine(profile?.id, params);
  const keptShown = useKeptShownFirst(profile === undefined ? undefined : stored);
  const refreshed = useMachineRefresh(profile?.id, params, keptShown);
  const machine = pairingMachine(params, stored);

  if (profile === undefined || stored === undefined) return <Loader m="xl" />;
  // A PIN-only path needs the machine's row for its model: wait for the lookup first.
  if (!machine && !refreshed) return <Loader m="xl" />;
  return (
    <Stack gap="md" maw={560} mx="auto">
      <Title order={1} size="h2">
        DCU Pairing
      </Title>
      {machine ? (
        <>
          <div data-testid="dcu-machine">
            <Text fw={700}>
              {machine.model} {machine.serial}
            </Text>
            {stored && <Text c="dimmed">{stored.detail.materialNumberDescription}</Text>}
            {stored?.detail.imei && (
              <Text size="sm" data-testid="dcu-current">
                Current DCU IMEI: {stored.detail.imei}
              </Text>
            )}
          </div>
          <PairingSteps machine={machine} params={params} userId={profile?.id} />
        </>
      ) : (
        <Text c="red.8" role="alert">
          {MACHINE_NOT_FOUND_MESSAGE}
        </Text>
      )}
    </Stack>
  );
}

function PairingSteps({
  machine,
  params,
  userId,
}: {
  machine: PairingMachine;
  params: MachineRouteParams;
  userId: string | undefined;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const state = readHistoryState(location.state);
  const latest = useLatestPairing(userId, machine.model, machine.serial);
  // Reached without this screen's own state (from Offline & sync, the machine, a link): the
  // latest pairing of the machine still in the outbox says how the last attempt went.
  const resumed = !state.dcu && !state.outboxId && !state.startedOver ? latest : null;
  const outboxId = state.outboxId ?? resumed?.id;
  const dcu = state.dcu ?? (resumed ? dcuOfPairing(resumed) : undefined);
  const [imei, setImei] = useState(dcu?.imei ?? '');
  const [hours, setHours] = useState('');
  const [committing, setCommitting] = useState(false);
  const [commitError, setCommitError] = useState<string | null>(null);
  const entry = useOutboxEntry(outboxId);

  // Replacing this entry's state stays on this route: nothing loads, so nothing to wait for.
  const setHistoryState = useCallback(
    (state: PairingHistoryState | null): void => {
      void navigate(`${location.pathname}${location.search}`, { replace: true, state });
    },
    [navigate, location.pathname, location.search],
  );

  const onValid = useCallback(
    (checked: DcuStatus) => setHistoryState({ dcu: checked }),
    [setHistoryState],
  );
  const { state: check, check: runCheck, reset: resetCheck } = useDcuCheck(onValid);

  const resetToStep1 = () => {
    resetCheck();
    setImei('');
    setHours('');
    setCommitError(null);
    setHistoryState({ startedOver: true });
  };

  const commit = async () => {
    if (!dcu) return;
    setCommitting(true);
    setCommitError(null);
    try {
      const row = await commitDcuPairing(buildDcuPairing(machine, dcu, hours));
      setHistoryState({ dcu, outboxId: row.id });
    } catch {
      // Not even queued (IndexedDB failing, nobody signed in): product §8's commit failure.
      setCommitError(COMMIT_NETWORK_FAILURE_MESSAGE);
    } finally {
      setCommitting(false);
    }
  };

  const back = () => {
    // React Router numbers its history entries: go back when there is somewhere to go,
    // otherwise (opened from a link or a reload of a fresh tab) to the machine itself.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else {
      // The machine as the path named it (serial and model, or the PIN alone).
      const { serial, model, pin } = machine;
      const key = params.serial && params.model ? { serial, model } : { pin };
      void navigate(`/support/machine/details/${machinePathSegments(key)}`);
    }
  };

  return (
    <Stack gap="md">
      {dcu && (
        <Group justify="flex-end">
          <Button variant="subtle" onClick={resetToStep1}>
            Start over (Step 1)
          </Button>
        </Group>
      )}
      {!dcu && (
        <ImeiStep
          imei={imei}
          onImeiChange={setImei}
          check={check}
          onCheck={(value) => {
            // The check reports its own failures in `check`; nothing is left to handle here.
            void runCheck(value);
          }}
        />
      )}
      {dcu && <DcuCard dcu={dcu} />}
      {dcu && !outboxId && (
        <EngineHoursStep
          hours={hours}
          onHoursChange={setHours}
          onCommit={() => void commit()}
          committing={committing}
          error={commitError}
        />
      )}
      {outboxId && entry !== undefined && (
        <CommitAlerts entry={entry} onBack={back} onReset={resetToStep1} />
      )}
    </Stack>
  );
}
