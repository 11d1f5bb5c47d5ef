import { Stack, Text, Title } from '@mantine/core';
import type { OutboxRow } from '../../db/schema';
import { OutboxEntryCard } from './outbox-entry-card';

/** A headed list of outbox entries ("Pending changes", "Needs attention"). */
export function OutboxSection({
  title,
  entries,
  empty,
  intro,
}: {
  title: string;
  entries: OutboxRow[];
  empty: string;
  intro?: string;
}) {
  const id = `outbox-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <>
          {intro && (
            <Text size="sm" c="dimmed">
              {intro}
            </Text>
          )}
          {entries.map((entry) => (
            <OutboxEntryCard key={entry.id} entry={entry} />
          ))}
        </>
      )}
    </Stack>
  );
}
