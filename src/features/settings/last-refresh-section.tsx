import { Stack, Table, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { db, ownerRange } from '../../db/db';
import { dateTime, relativeTime } from '../../domain/dates';

/** Readable names of the refreshed areas (db.syncState `area`), the unknown ones as they are. */
const AREA_NAMES: Record<string, string> = {
  'field-pack': 'Prepare for the field',
  machines: 'Machines',
  cases: 'Cases',
  knowledge: 'Knowledge',
  config: 'Configuration',
  profile: 'Profile',
  'prediction-claims': 'Past claims for parts predictions',
  predictions: 'Parts predictions',
};

/** An area added later without a name here still reads as words, never as its key. */
function areaName(area: string): string {
  const words = area.replace(/[-_]+/g, ' ');
  return AREA_NAMES[area] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

interface Refresh {
  area: string;
  syncedAt: number;
  detail?: string;
}

/** When each area of this user's data was last refreshed from the gateway. */
export function LastRefreshSection({ userId }: { userId: string }) {
  const rows = useLiveQuery(async (): Promise<Refresh[]> => {
    const [profile, config, states] = await Promise.all([
      db.profile.get('me'),
      db.config.get('remote'),
      db.syncState
        .where('[ownerUserId+area]')
        .between(...ownerRange(userId))
        .toArray(),
    ]);
    const list: Refresh[] = [];
    if (profile) list.push({ area: 'profile', syncedAt: profile.syncedAt });
    if (config) list.push({ area: 'config', syncedAt: config.syncedAt });
    for (const s of states) list.push({ area: s.area, syncedAt: s.syncedAt, detail: s.detail });
    return list;
  }, [userId]);

  return (
    <Stack gap="xs" component="section" aria-labelledby="last-refresh-title">
      <Title order={2} size="h4" id="last-refresh-title">
        Last refresh
      </Title>
      {rows && rows.length > 0 ? (
        <Table data-testid="last-refresh" striped>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.area} data-area={r.area}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {areaName(r.area)}
                  </Text>
                  {r.detail && (
                    <Text size="sm" c="dimmed">
                      {r.detail}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <Text size="sm" title={dateTime(r.syncedAt)}>
                    {relativeTime(r.syncedAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text c="dimmed">Nothing refreshed on this device yet.</Text>
      )}
    </Stack>
  );
}
