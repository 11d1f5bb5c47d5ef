import './machines.css';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MACHINE_NOT_FOUND_MESSAGE, type MachineDetail } from '../../../contract/machines';
import type { User } from '../../../contract/user';
import { LastUpdated } from '../../components/last-updated';
import { useProfile } from '../../components/use-profile';
import { useRemoteConfig } from '../../components/use-remote-config';
import { parseMachineRouteParams } from '../../domain/route-params';
import { recordRecentMachine } from '../../sync/machines';
import { WizardDrafts } from '../../components/wizard-drafts';
import { ChooseActivity } from './choose-activity';
import { FaultCodesModal } from './fault-codes-modal';
import { MachineChips, MachineHeader } from './machine-header';
import { MachineParties } from './machine-parties';
import { MachineTabs } from './machine-tabs';
import { MajorComponentsModal } from './major-components-modal';
import { DETAIL_NEEDS_CONNECTION } from './needs-connection';
import { StolenBanner } from './stolen-banner';
import { useMachineDetail, useMachineRecords, useWizardLookupsKept } from './use-machine-detail';

/** Not a dead end: the way back is the search the user came from (or would start from). */
function NotFound() {
  return (
    <Stack gap="sm" maw={560} mx="auto">
      <Alert color="red" role="alert">
        {MACHINE_NOT_FOUND_MESSAGE}
      </Alert>
      <Button component={Link} to="/support/machine/search" variant="default">
        Back to Machine Search
      </Button>
    </Stack>
  );
}

function MachineView({
  machine,
  user,
  syncedAt,
  online,
}: {
  machine: MachineDetail;
  user: User;
  syncedAt: number;
  online: boolean;
}) {
  const config = useRemoteConfig();
  const internal = user.kind === 'internal';
  const records = useMachineRecords(
    user.id,
    { serial: machine.serialNumber, model: machine.materialNumber },
    internal,
  );
  useWizardLookupsKept(user.id, machine.materialNumber, internal);
  const [modal, setModal] = useState<'faults' | 'components' | null>(null);
  const telematics = Boolean(machine.imei) || machine.faultCodes.length > 0;

  return (
    <Stack gap="md" maw={720} mx="auto">
      {!online && <LastUpdated at={syncedAt} />}
      <MachineHeader machine={machine} />
      <MachineChips machine={machine} />
      {machine.isStolenInventory && <StolenBanner callTscNumber={config?.callTscNumber ?? null} />}
      <Paper withBorder p="md">
        <MachineParties machine={machine} />
      </Paper>
      {(telematics || machine.majorComponents.length > 0) && (
        <Group gap="sm">
          {telematics && (
            <Button variant="outline" onClick={() => setModal('faults')}>
              Fault Codes
            </Button>
          )}
          <Button variant="outline" onClick={() => setModal('components')}>
            Major Components
          </Button>
        </Group>
      )}
      <MachineTabs
        ownerUserId={user.id}
        machine={machine}
        records={records.row}
        recordsRefresh={records.refresh}
        internal={internal}
      />
      {/* Once the cached configuration has been read (undefined = still reading): a Quality
          Report pressed in that first instant would otherwise report a failure that is not. */}
      {config !== undefined && (
        <ChooseActivity
          machine={machine}
          userKind={user.kind}
          qualityReportUrl={config?.qualityReportUrl ?? null}
        />
      )}
      {/* Unfinished wizards of this machine: read once the page's own reads are in. */}
      {config !== undefined && (
        <WizardDrafts
          ownerUserId={user.id}
          machine={{ serial: machine.serialNumber, model: machine.materialNumber }}
        />
      )}
      <FaultCodesModal
        opened={modal === 'faults'}
        onClose={() => setModal(null)}
        faultCodes={machine.faultCodes}
      />
      <MajorComponentsModal
        opened={modal === 'components'}
        onClose={() => setModal(null)}
        components={machine.majorComponents}
      />
    </Stack>
  );
}

/** /support/machine/details/:param1/:param2?/:param3? (product §2 Machine detail). */
export function MachineDetailScreen() {
  const user = useProfile();
  const { param1, param2, param3 } = useParams();
  const key = useMemo(
    () => parseMachineRouteParams(param1, param2, param3),
    [param1, param2, param3],
  );
  const { row, refresh, resolvable, online } = useMachineDetail(user?.id, key);

  // Viewing a machine makes it a recent machine (Home), once per machine per visit.
  const recorded = useRef<string | null>(null);
  const machine = row?.detail;
  useEffect(() => {
    if (!user || !machine || recorded.current === machine.inventoryId) return;
    recorded.current = machine.inventoryId;
    void recordRecentMachine(user.id, machine);
  }, [user, machine]);

  if (!resolvable) return <NotFound />;
  if (refresh !== null && refresh !== 'loading' && refresh.status === 'not-found')
    return <NotFound />;
  if (!user || row === undefined) return <Loader m="xl" />;
  if (row)
    return <MachineView machine={row.detail} user={user} syncedAt={row.syncedAt} online={online} />;
  if (refresh === 'loading' || (refresh === null && online) || refresh?.status === 'ok') {
    // Found on the gateway: the live query picks the stored row up in a moment.
    return <Loader m="xl" />;
  }
  if (refresh?.status === 'error') {
    // product §8: the load failed -> error flag set, empty panel shown.
    return (
      <Paper
        withBorder
        p="md"
        maw={720}
        mx="auto"
        data-testid="machine-load-error"
        data-error="true"
      >
        <Text c="red.8" role="alert">
          The machine could not be loaded. {refresh.message}
        </Text>
      </Paper>
    );
  }
  return (
    <Text c="orange.9" role="status" ta="center" mt="lg">
      {DETAIL_NEEDS_CONNECTION}
    </Text>
  );
}
