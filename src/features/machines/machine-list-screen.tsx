import {
  Alert,
  Group,
  Loader,
  Pagination,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  CUSTOMER_SEARCH_400_MESSAGE,
  CUSTOMER_SEARCH_FAILED_MESSAGE,
  CUSTOMER_SEARCH_LIMIT,
} from '../../../contract/machines';
import { EmptyState } from '../../components/empty-state';
import { scrollToTop } from '../../components/scroll-to-top';
import { LastUpdated } from '../../components/last-updated';
import { useProfile } from '../../components/use-profile';
import { MACHINE_LIST_FILTERS, type MachineListFilterField } from '../../domain/machine-list';
import { pageOf } from '../../domain/paging';
import { asMachineListItem, deviceCustomerMatches } from '../../domain/device-machine-search';
import { customerQueryFromSearch } from '../../domain/machine-search';
import { MachineListCard } from './machine-list-card';
import { createMachineListFilter } from './machine-list-filter';
import { LIST_NEEDS_CONNECTION, searchingDevice } from './needs-connection';
import { useDeviceMachines } from '../../components/use-device-machines';
import { useMachineList } from './use-machine-list';

const filterOptions = MACHINE_LIST_FILTERS.map((f) => ({ value: f.value, label: f.label }));

/** /support/machineResults (product §2 Machine list): customer-search results, 10 cards a page. */
export function MachineListScreen() {
  const user = useProfile();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => customerQueryFromSearch(params), [params]);
  const { row: fetched, refresh, problem, online } = useMachineList(user?.id, query);
  // The filter and page are kept in the URL (replacing, not pushing), so Back from a machine
  // returns to the same field, text and page. Component state leads and the URL follows:
  // setSearchParams builds on the location of the last render, so two changes before the next
  // render (a keystroke right after choosing a field) would drop the first.
  const [view, setViewState] = useState(() => ({
    filter: (params.get('filter') as MachineListFilterField | null) || null,
    text: params.get('text') ?? '',
    page: Number(params.get('page')) || 1,
  }));
  const { filter: field, text, page } = view;
  const setView = (next: Partial<typeof view>) => setViewState((v) => ({ ...v, ...next }));
  useEffect(() => {
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        for (const [k, v] of Object.entries(view)) {
          if (v === null || v === '' || (k === 'page' && v === 1)) out.delete(k);
          else out.set(k, String(v));
        }
        return out.toString() === p.toString() ? p : out;
      },
      { replace: true },
    );
  }, [view, setParams]);

  // Offline, or online but the gateway cannot be reached: the device's copy is all there is.
  const unreachable =
    !online || (refresh !== null && refresh !== 'loading' && refresh.status === 'offline');
  const device = useDeviceMachines(user?.id, unreachable && fetched === null && !problem);
  const deviceRow = useMemo(
    () =>
      device && device.length > 0
        ? {
            machines: deviceCustomerMatches(
              device.map((m) => m.detail),
              query,
            ).map(asMachineListItem),
            truncated: false,
          }
        : null,
    [device, query],
  );
  const row = fetched ?? deviceRow;

  const filter = useMemo(() => createMachineListFilter(row?.machines ?? []), [row]);
  const matches = useMemo(() => filter(field, text), [filter, field, text]);
  const shown = pageOf(matches, page);
  const fieldLabel = MACHINE_LIST_FILTERS.find((f) => f.value === field)?.label;

  const failure =
    refresh !== null && refresh !== 'loading' && refresh.status === 'error'
      ? refresh.httpStatus === 400
        ? CUSTOMER_SEARCH_400_MESSAGE
        : CUSTOMER_SEARCH_FAILED_MESSAGE
      : null;

  return (
    <Stack gap="md" maw={720} mx="auto">
      <Title order={1} size="h2">
        Machine List
      </Title>
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      {unreachable && fetched && <LastUpdated at={fetched.syncedAt} />}
      {unreachable && !fetched && deviceRow && device && (
        <Text c="orange.9" role="status">
          {searchingDevice(device.length)}
        </Text>
      )}
      {unreachable && !row && !problem && (
        <Text c="orange.9" role="status">
          {LIST_NEEDS_CONNECTION}
        </Text>
      )}
      {!row && !problem && !failure && !unreachable && <Loader m="auto" />}
      {row && (
        <>
          <Group align="flex-end" gap="sm" grow>
            <Select
              label="Filter"
              placeholder="Choose a field"
              data={filterOptions}
              value={field}
              onChange={(v) => setView({ filter: v as MachineListFilterField | null, page: 1 })}
              clearable
            />
            {field && (
              <TextInput
                label="Search"
                placeholder={`Search by ${fieldLabel}`}
                value={text}
                onChange={(e) => setView({ text: e.currentTarget.value, page: 1 })}
              />
            )}
          </Group>
          <Text size="sm" c="dimmed" data-testid="machine-count">
            {matches.length === row.machines.length
              ? `${row.machines.length} machines`
              : `${matches.length} of ${row.machines.length} machines`}
          </Text>
          {row.truncated && (
            <Alert color="yellow" role="status">
              Only the first {CUSTOMER_SEARCH_LIMIT} machines are shown. Add fields to narrow the
              search.
            </Alert>
          )}
          {shown.items.length === 0 ? (
            <EmptyState>No Search Results to Display</EmptyState>
          ) : (
            shown.items.map((m) => (
              <MachineListCard key={`${m.materialNumber}|${m.serialNumber}`} item={m} />
            ))
          )}
          {shown.pageCount > 1 && (
            <Pagination
              total={shown.pageCount}
              value={shown.page}
              onChange={(p) => {
                setView({ page: p });
                scrollToTop();
              }}
              mx="auto"
              aria-label="Pages"
            />
          )}
        </>
      )}
    </Stack>
  );
}
