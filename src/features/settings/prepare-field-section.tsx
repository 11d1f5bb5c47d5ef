import { Alert, Button, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import type { User } from '../../../contract';
import type { Dealer } from '../../api/dealers';
import { ApiError, NetworkError } from '../../api/errors';
import { useOnline } from '../../components/use-online';
import { fieldPackDetail, prepareForField, type FieldPackProgress } from '../../sync/field-pack';
import { prepareOpenCases } from '../../sync/case-changes';
import { prepareManuals } from '../../sync/machine-documents';
import {
  claimsDetail,
  preparePredictionClaims,
  type ClaimsPrimeResult,
} from '../../sync/prediction-claims';
import { DealerPicker } from '../../components/dealer-picker';

type State =
  | { status: 'idle' }
  /**
   * `manualsOf`: the machines are in; the manuals of that many models are coming. `claimsOf`:
   * the manuals are in too; those models' past claims (for parts predictions) are coming.
   * `cases`: the claims are in too; the open cases are coming.
   */
  | {
      status: 'running';
      progress: FieldPackProgress | null;
      manualsOf?: number;
      claimsOf?: number;
      cases?: boolean;
    }
  | {
      status: 'done';
      count: number;
      dealerName: string;
      seconds: number;
      manuals: number;
      claims: ClaimsPrimeResult;
      cases: number;
    }
  | { status: 'cancelled'; written: number }
  | { status: 'error'; message: string };

function failure(error: unknown): string {
  if (error instanceof NetworkError) return 'The download needs a connection. Try again online.';
  if (error instanceof ApiError) return error.message;
  return 'The download failed. Please try again.';
}

/**
 * "Prepare for the field": the machines of my dealer (internal users pick one) with their
 * details, into the device, so they open offline. Progress bar, Cancel keeps what was written.
 */
export function PrepareFieldSection({ user }: { user: User }) {
  const online = useOnline();
  const internal = user.kind === 'internal';
  const [dealer, setDealer] = useState<Dealer | null>(null);
  const [state, setState] = useState<State>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  const written = useRef(0);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    written.current = 0;
    setState({ status: 'running', progress: null });
    const t0 = performance.now();
    try {
      const result = await prepareForField({
        ownerUserId: user.id,
        dealerId: internal ? dealer?.id : undefined,
        signal: abort.signal,
        onProgress: (progress) => {
          written.current = progress.done;
          setState({ status: 'running', progress });
        },
      });
      const seconds = (performance.now() - t0) / 1000;
      setState((s) => ({
        status: 'running',
        progress: s.status === 'running' ? s.progress : null,
        manualsOf: result.models.length,
      }));
      // Cancel here keeps the machines: they are all written already.
      const manuals = await prepareManuals(user.id, result.models, abort.signal);
      setState((s) => (s.status === 'running' ? { ...s, claimsOf: result.models.length } : s));
      // The claims of these models let a parts prediction be ranked on the device, offline.
      const claims = await preparePredictionClaims(user.id, result.models, abort.signal);
      // The bar stays full: the machines are all in.
      setState((s) => (s.status === 'running' ? { ...s, cases: true } : s));
      const cases = await prepareOpenCases(
        user.id,
        abort.signal,
        internal ? { kind: 'org', orgId: result.dealerId } : { kind: 'dealer' },
      );
      setState({
        status: 'done',
        count: result.machines,
        dealerName: result.dealerName,
        seconds,
        manuals,
        claims,
        cases,
      });
    } catch (error) {
      if (abort.signal.aborted) setState({ status: 'cancelled', written: written.current });
      else setState({ status: 'error', message: failure(error) });
    } finally {
      controller.current = null;
    }
  };

  const running = state.status === 'running';
  const progress = running ? state.progress : null;
  const percent = progress && progress.total > 0 ? (progress.done / progress.total) * 100 : 0;

  return (
    <Stack gap="xs" component="section" aria-labelledby="prepare-field-title">
      <Title order={2} size="h4" id="prepare-field-title">
        Prepare for the field
      </Title>
      <Text size="sm" c="dimmed">
        Download {internal ? "a dealer's" : "your dealer's"} machines with their details and
        manuals, and the open cases, so they open without a connection; and the past claims of their
        models, so parts predictions work without one too.
      </Text>
      {internal && <DealerPicker value={dealer} onChange={setDealer} disabled={running} />}
      {!online && !running && (
        <Text size="sm" c="dimmed">
          Downloading machines needs a connection.
        </Text>
      )}
      {running && (
        <Stack gap={4} data-testid="field-pack-progress">
          <Progress
            value={percent}
            aria-label="Machines downloaded"
            size="lg"
            animated={!progress}
            striped={!progress}
          />
          <Text size="sm">
            {state.status === 'running' && state.cases
              ? 'Downloading the open cases…'
              : state.status === 'running' && state.claimsOf !== undefined
                ? `Downloading the past claims of ${state.claimsOf} model${state.claimsOf === 1 ? '' : 's'} for parts predictions…`
                : state.status === 'running' && state.manualsOf !== undefined
                  ? `Downloading the manuals of ${state.manualsOf} model${state.manualsOf === 1 ? '' : 's'}…`
                  : progress
                    ? `${progress.done} of ${progress.total} machines of ${progress.dealerName}`
                    : 'Starting…'}
          </Text>
        </Stack>
      )}
      <Group gap="xs">
        {running ? (
          <Button variant="default" onClick={() => controller.current?.abort()}>
            Cancel
          </Button>
        ) : (
          <Button
            onClick={() => void start()}
            disabled={!online || (internal && !dealer)}
            w="fit-content"
          >
            Download machines
          </Button>
        )}
      </Group>
      <div role="status" data-testid="field-pack-result">
        {state.status === 'done' && (
          <Alert color="green" variant="light">
            Ready for the field: {fieldPackDetail(state.count, state.dealerName)} are on this device
            ({state.seconds.toFixed(1)} s).
            {state.manuals > 0 &&
              ` The manuals of ${state.manuals} model${state.manuals === 1 ? '' : 's'} too.`}
            {state.claims.models > 0 && ` For parts predictions: ${claimsDetail(state.claims)}.`}
            {state.cases > 0 && ` ${state.cases} open case${state.cases === 1 ? '' : 's'} too.`}
          </Alert>
        )}
        {state.status === 'cancelled' && (
          <Alert color="gray" variant="light">
            Download cancelled. The {state.written} machines already downloaded stay on this device.
          </Alert>
        )}
        {state.status === 'error' && (
          <Alert color="red" variant="light">
            {state.message}
          </Alert>
        )}
      </div>
    </Stack>
  );
}
