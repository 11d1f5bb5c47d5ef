import '@mantine/core/styles/Tabs.css';
import { Tabs } from '@mantine/core';
import type { MachineDetail } from '../../../contract/machines';
import type { MachineRecordsRow } from '../../db/schema';
import { ClaimsTab } from './claims-tab';
import { RecordsTab } from './records-tab';
import type { Refresh } from './use-machine-detail';
import { WarrantyTab } from './warranty-tab';

/**
 * SPEC §2 tabs: Warranty, Claims, Cases, and Reports for internal users only (SPEC §6).
 * Bulletins and Manuals come with the knowledge issue.
 */
export function MachineTabs({
  machine,
  records,
  recordsRefresh,
  internal,
}: {
  machine: MachineDetail;
  records: MachineRecordsRow | null | undefined;
  recordsRefresh: Refresh;
  internal: boolean;
}) {
  const loading = recordsRefresh === 'loading' || records === undefined;
  const failed =
    recordsRefresh !== null && recordsRefresh !== 'loading' && recordsRefresh.status !== 'ok';
  return (
    <Tabs defaultValue="warranty" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="warranty">Warranty</Tabs.Tab>
        <Tabs.Tab value="claims">Claims</Tabs.Tab>
        <Tabs.Tab value="cases">Cases</Tabs.Tab>
        {internal && <Tabs.Tab value="reports">Reports</Tabs.Tab>}
      </Tabs.List>
      <Tabs.Panel value="warranty">
        <WarrantyTab policies={machine.policies} />
      </Tabs.Panel>
      <Tabs.Panel value="claims">
        <ClaimsTab claims={machine.claims} />
      </Tabs.Panel>
      <Tabs.Panel value="cases">
        <RecordsTab records={records?.cases} loading={loading} failed={failed} />
      </Tabs.Panel>
      {internal && (
        <Tabs.Panel value="reports">
          <RecordsTab records={records?.reports} loading={loading} failed={failed} />
        </Tabs.Panel>
      )}
    </Tabs>
  );
}
