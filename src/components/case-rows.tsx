import './case-rows.css';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { rowIsUnread, type UnreadState } from '../domain/case-unread';
import { shortDate } from '../domain/dates';
import { casePath } from '../domain/case-links';
import type { QueuedCaseRow } from '../sync/queued-cases';

export interface CaseRowData {
  id: string;
  subject: string;
  caseNumber: string;
  status: string;
  modelNumber?: string | null;
  serialNumber?: string | null;
  /** When anything last happened on the case (ISO date-time or epoch ms). */
  lastActivityAt?: string | number;
  /** Where the row leads; the case's page unless given (an unsent case leads to the outbox). */
  to?: string;
  /** The gateway's flag: someone else wrote on the case since the user last opened it. */
  unread?: boolean;
}

/** The marker of a case with replies the user has not seen. */
export const UNREAD_MARKER = 'New reply';

/** Not a Badge: the status chip is the row's one badge, and lists read statuses from badges. */
export function UnreadMarker() {
  return (
    <span className="case-row-unread" data-testid="case-row-unread">
      {UNREAD_MARKER}
    </span>
  );
}

/** A case created on this device, as a list row (its local reference until it has a number). */
export function queuedRowData(q: QueuedCaseRow): CaseRowData {
  return {
    id: q.entryId,
    subject: q.subject,
    caseNumber: q.caseNumber,
    status: q.status,
    modelNumber: q.model,
    serialNumber: q.serial,
    lastActivityAt: q.createdAt,
    to: q.to,
  };
}

/** "M7-172 · 52016", or whichever of the two the case has. */
const machineOf = (c: CaseRowData) => [c.modelNumber, c.serialNumber].filter(Boolean).join(' · ');

/**
 * Product §2 case lists: subject, case number and a status chip, with the machine and the date
 * of the last activity so a row can be told apart at a glance, and a marker while it has
 * replies the user has not seen; a click opens the case.
 */
export function CaseRows({
  rows,
  unread,
  listAt,
}: {
  rows: readonly CaseRowData[];
  /** What the device knows of unread cases; without it no row is marked. */
  unread?: UnreadState;
  /** When the rows' list was fetched (their `unread` flags are that old). */
  listAt?: number;
}) {
  return (
    <div role="list" data-testid="case-rows">
      {rows.map((c) => {
        const marked = unread ? rowIsUnread(c, unread, listAt) : false;
        const machine = machineOf(c);
        const last = c.lastActivityAt === undefined ? null : shortDate(c.lastActivityAt);
        return (
          // The list item holds the link: a link given the listitem role is no longer a link.
          <div role="listitem" key={c.id}>
            <Link
              to={c.to ?? casePath(c.id)}
              className={marked ? 'case-row case-row--unread' : 'case-row'}
              data-testid="case-row"
            >
              <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {c.subject}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {c.caseNumber}
                  </Text>
                  {machine && (
                    <Text size="sm" c="dimmed" truncate data-testid="case-row-machine">
                      {machine}
                    </Text>
                  )}
                </Stack>
                <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                  {marked && <UnreadMarker />}
                  <Badge variant="light">{c.status}</Badge>
                  {last && (
                    <Text size="xs" c="dimmed" data-testid="case-row-activity">
                      <time dateTime={new Date(c.lastActivityAt!).toISOString()}>{last}</time>
                    </Text>
                  )}
                </Stack>
              </Group>
            </Link>
          </div>
        );
      })}
    </div>
  );
}
