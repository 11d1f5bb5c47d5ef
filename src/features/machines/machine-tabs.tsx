import { Tabs } from '@mantine/core';
import { ScrollingTabsList } from '../../components/scrolling-tabs-list';
import { useState } from 'react';
import type { MachineDetail } from '../../../contract/machines';
import type { MachineRecordsRow } from '../../db/schema';
import { useQueuedCases } from '../../components/use-queued-cases';
import { BulletinsTab } from './bulletins-tab';
import { ClaimsTab } from './claims-tab';
import { ManualsTab } from './manuals-tab';
import { RecordsTab } from './records-tab';
import { useBulletins, useManuals } from './use-machine-documents';
import type { Refresh } from './use-machine-detail';
import { WarrantyTab } from './warranty-tab';

/**
 * product §2 tabs, in its order: Bulletins (the default), Warranty, Manuals, Claims, Cases, and
 * Reports for internal users only (product §6). The documents' state lives here, above the
 * panels, because a panel unmounts when another tab is shown.
 */
export function MachineTabs({
  ownerUserId,
  machine,
  records,
  recordsRefresh,
  internal,
}: {
  ownerUserId: string;
  machine: MachineDetail;
  records: MachineRecordsRow | null | undefined;
  recordsRefresh: Refresh;
  internal: boolean;
}) {
  const [tab, setTab] = useState<string | null>('bulletins');
  const bulletins = useBulletins(ownerUserId, machine.materialNumber, machine.modelFamily);
  const manualsRefresh = useManuals(ownerUserId, machine.materialNumber, tab === 'manuals');
  const queued = useQueuedCases(ownerUserId).filter(
    (q) => q.serial === machine.serialNumber && q.model === machine.materialNumber,
  );
  const loading = recordsRefresh === 'loading' || records === undefined;
  const failed =
    recordsRefresh !== null && recordsRefresh !== 'loading' && recordsRefresh.status !== 'ok';
  return (
    <Tabs value={tab} onChange={setTab} keepMounted={false}>
      <ScrollingTabsList>
        <Tabs.Tab value="bulletins">Bulletins</Tabs.Tab>
        <Tabs.Tab value="warranty">Warranty</Tabs.Tab>
        <Tabs.Tab value="manuals">Manuals</Tabs.Tab>
        <Tabs.Tab value="claims">Claims</Tabs.Tab>
        <Tabs.Tab value="cases">Cases</Tabs.Tab>
        {internal && <Tabs.Tab value="reports">Reports</Tabs.Tab>}
      </ScrollingTabsList>
      <Tabs.Panel value="bulletins">
        <BulletinsTab ownerUserId={ownerUserId} campaigns={machine.campaigns} {...bulletins} />
      </Tabs.Panel>
      <Tabs.Panel value="warranty">
        <WarrantyTab policies={machine.policies} />
      </Tabs.Panel>
      <Tabs.Panel value="manuals">
        <ManualsTab
          ownerUserId={ownerUserId}
          model={machine.materialNumber}
          refresh={manualsRefresh}
        />
      </Tabs.Panel>
      <Tabs.Panel value="claims">
        <ClaimsTab claims={machine.claims} />
      </Tabs.Panel>
      <Tabs.Panel value="cases">
        <RecordsTab
          records={records?.cases}
          listAt={records?.syncedAt}
          queued={queued.filter((q) => q.kind === 'Case')}
          ownerUserId={ownerUserId}
          machine={{ model: machine.materialNumber, serial: machine.serialNumber }}
          loading={loading}
          failed={failed}
        />
      </Tabs.Panel>
      {internal && (
        <Tabs.Panel value="reports">
          <RecordsTab
            records={records?.reports}
            listAt={records?.syncedAt}
            queued={queued.filter((q) => q.kind === 'Report')}
            ownerUserId={ownerUserId}
            machine={{ model: machine.materialNumber, serial: machine.serialNumber }}
            loading={loading}
            failed={failed}
          />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
