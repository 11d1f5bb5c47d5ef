import './cases.css';
import { Loader, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useParams } from 'react-router';
import { LastUpdated } from '../../components/last-updated';
import type { CaseRow, OutboxRow } from '../../db/schema';
import { feedEntries, queuedClose } from '../../domain/case-feed';
import { statusAfterWrites } from '../../domain/case-update';
import { markCaseOpened } from '../../sync/case-reads';
import { AdditionalDetails } from './additional-details';
import { CaseFeed } from './case-feed';
import { CaseHeader } from './case-header';
import { CaseNotFound } from './case-not-found';
import { CasePredictions } from './case-predictions';
import { PostUpdatePanel } from './post-update-panel';
import { useCaseDetail, type CaseBody } from './use-case-detail';

/** Shown offline for a case never opened on this device. */
export const CASE_NEEDS_CONNECTION =
  'This case has not been opened on this device yet. Connect to the internet to open it.';

function CaseView({
  row,
  writes,
  body,
  online,
}: {
  row: CaseRow;
  writes: OutboxRow[];
  body: CaseBody | undefined;
  online: boolean;
}) {
  const { detail } = row;
  const feed = body?.feed;
  const entries = useMemo(() => feedEntries(feed?.items ?? [], writes), [feed, writes]);
  const closing = queuedClose(writes);
  const status = statusAfterWrites(detail.status, writes);
  // Opened: its replies are read, here at once and on the gateway for every device.
  const { ownerUserId } = row;
  const { id, caseNumber } = detail;
  useEffect(() => {
    markCaseOpened(ownerUserId, id, caseNumber).catch(() => undefined);
  }, [ownerUserId, id, caseNumber]);
  return (
    <div className="case-layout">
      <Stack gap="md" style={{ minWidth: 0 }}>
        {!online && <LastUpdated at={row.syncedAt} />}
        <CaseHeader detail={detail} status={status} closing={closing} />
        {body?.layout && <AdditionalDetails layout={body.layout.layout} fields={detail.fields} />}
        <CasePredictions userId={row.ownerUserId} detail={detail} />
        <section aria-label="Feed">
          {body && feed ? (
            <CaseFeed entries={entries} thumbnails={body.thumbnails} online={online} />
          ) : (
            <Loader size="sm" />
          )}
        </section>
      </Stack>
      <PostUpdatePanel
        caseId={detail.id}
        caseNumber={detail.caseNumber}
        kind={detail.recordType}
        status={status}
      />
    </div>
  );
}

/** /support/case/:id (product §2 Case detail). */
export function CaseDetailScreen() {
  const { id = '' } = useParams();
  const { head, body, refresh, online } = useCaseDetail(id);

  if (refresh !== null && refresh !== 'loading') {
    if (refresh.status === 'not-found') return <CaseNotFound />;
    if (refresh.status === 'error' && refresh.httpStatus === 400) return <CaseNotFound />;
  }
  if (!head?.user) return <Loader m="xl" />;
  if (head.row) return <CaseView row={head.row} writes={head.writes} body={body} online={online} />;
  if (refresh === 'loading' || (refresh === null && online) || refresh?.status === 'ok') {
    return <Loader m="xl" />;
  }
  if (refresh?.status === 'error') {
    return (
      <Paper withBorder p="md" maw={720} mx="auto">
        <Text c="red.8" role="alert">
          The case could not be loaded. {refresh.message}
        </Text>
      </Paper>
    );
  }
  return (
    <Text c="orange.9" role="status" ta="center" mt="lg">
      {CASE_NEEDS_CONNECTION}
    </Text>
  );
}
