import type { CaseDetail, CaseListRow, FeedItem } from '../../contract/cases';
import {
  getCase,
  getCaseFeed,
  getCaseFile,
  getCaseListPage,
  getLayout,
  type CaseListSource,
} from '../api/cases';
import { db, type TorqueDb } from '../db/db';
import { outcomeOf, type RefreshOutcome } from './outcome';

/*
 * The case area's refreshes (docs/architecture.md read path): fetch from the gateway, write the rows
 * the screens' live queries read. Offline, or when the gateway fails, the stored rows stay.
 */

export const CASES_AREA = 'cases';
/** The dealer list is fetched in pages this big (the gateway's maximum). */
const LIST_PAGE = 500;
/** Thumbnails fetched at once: a long case has 60, a phone's connection is thin. */
const THUMBNAIL_CONCURRENCY = 4;

export function caseListKey(source: CaseListSource): string {
  return source.kind === 'dealer' ? 'dealer' : `org|${source.orgId}`;
}

/**
 * A case was viewed: Home's Cases tab and the Recent Cases panel, with what their rows show.
 * Read in the background (`viewed` false), a case already there keeps its place and one not
 * there stays out.
 */
async function recordRecentCase(
  ownerUserId: string,
  c: CaseDetail,
  items: readonly FeedItem[],
  database: TorqueDb,
  viewed = true,
) {
  const prior = viewed ? undefined : await database.recentCases.get([ownerUserId, c.id]);
  if (!viewed && !prior) return;
  // As the gateway's lists count it: the newest of creation, last update and feed entries.
  const last = [c.createdAt, c.updatedAt, ...items.map((i) => i.createdAt)].reduce((a, b) =>
    Date.parse(b) > Date.parse(a) ? b : a,
  );
  await database.recentCases.put({
    ownerUserId,
    id: c.id,
    subject: c.subject,
    referenceNumber: c.caseNumber,
    status: c.status,
    viewedAt: prior?.viewedAt ?? Date.now(),
    modelNumber: c.modelNumber,
    serialNumber: c.serialNumber,
    lastActivityAt: new Date(Date.parse(last)).toISOString(),
  });
}

/** Keeps the thumbnails of a feed's images on the device; those already kept are skipped. */
export async function keepThumbnails(
  ownerUserId: string,
  caseId: string,
  items: readonly FeedItem[],
  database: TorqueDb = db,
  signal?: AbortSignal,
): Promise<void> {
  const wanted = items
    .flatMap((i) => i.attachments)
    .filter((a) => a.isImage && a.thumbnailUrl !== null);
  const kept = new Set(
    (
      await database.caseImages
        .where('[ownerUserId+caseId]')
        .equals([ownerUserId, caseId])
        .primaryKeys()
    ).map((k) => k[1]),
  );
  const queue = wanted.filter((a) => !kept.has(a.id));
  const worker = async () => {
    for (let a = queue.shift(); a; a = queue.shift()) {
      if (signal?.aborted) return;
      try {
        const blob = await getCaseFile(a.thumbnailUrl!, signal);
        await database.caseImages.put({ ownerUserId, id: a.id, caseId, blob, savedAt: Date.now() });
      } catch {
        // One missing thumbnail shows as a placeholder tile; the next refresh tries again.
      }
    }
  };
  await Promise.all(Array.from({ length: THUMBNAIL_CONCURRENCY }, worker));
}

/**
 * Fetches a case, its feed and its layout, and stores them; then its thumbnails. A case the
 * gateway does not know (or that is another dealer's) answers 'not-found', and its stored
 * copy is removed so it does not keep showing.
 */
export async function refreshCase(
  ownerUserId: string,
  caseId: string,
  signal?: AbortSignal,
  database: TorqueDb = db,
  viewed = true,
): Promise<RefreshOutcome> {
  try {
    const [detail, items] = await Promise.all([
      getCase(caseId, signal),
      getCaseFeed(caseId, signal),
    ]);
    // A refresh given up for a newer one must not write over what the newer one reads.
    signal?.throwIfAborted();
    const now = Date.now();
    await database.transaction(
      'rw',
      [database.cases, database.caseFeeds, database.recentCases, database.syncState],
      async () => {
        await database.cases.put({ ownerUserId, id: detail.id, detail, syncedAt: now });
        await database.caseFeeds.put({ ownerUserId, caseId: detail.id, items, syncedAt: now });
        await recordRecentCase(ownerUserId, detail, items, database, viewed);
        await database.syncState.put({
          ownerUserId,
          area: CASES_AREA,
          syncedAt: now,
          detail: `Case ${detail.caseNumber}`,
        });
      },
    );
    const layout = await database.caseLayouts.get([ownerUserId, detail.recordTypeId]);
    await Promise.all([
      layout
        ? Promise.resolve()
        : getLayout(detail.recordTypeId, signal)
            .then((l) =>
              database.caseLayouts.put({
                ownerUserId,
                recordTypeId: detail.recordTypeId,
                layout: l,
                syncedAt: Date.now(),
              }),
            )
            .catch(() => undefined), // the accordion waits for the next refresh
      keepThumbnails(ownerUserId, detail.id, items, database, signal),
    ]);
    return { status: 'ok' };
  } catch (error) {
    const outcome = outcomeOf(error);
    if (
      outcome.status === 'not-found' ||
      (outcome.status === 'error' && outcome.httpStatus === 400)
    ) {
      await database.transaction('rw', database.cases, database.caseFeeds, async () => {
        await database.cases.delete([ownerUserId, caseId]);
        await database.caseFeeds.delete([ownerUserId, caseId]);
      });
    }
    return outcome;
  }
}

/**
 * Fetches every page of a case list, newest first, storing after each page so the screen
 * fills in while the rest arrives.
 */
export async function refreshCaseList(
  ownerUserId: string,
  source: CaseListSource,
  signal?: AbortSignal,
  database: TorqueDb = db,
): Promise<RefreshOutcome> {
  const key = caseListKey(source);
  try {
    const cases: CaseListRow[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await getCaseListPage(source, { after, limit: LIST_PAGE }, signal);
      cases.push(...page.cases);
      const complete = page.next === null;
      // A first page replaces the stored list only when it is the whole list; until then the
      // stored (longer) list stays visible rather than shrinking and growing back.
      const previous = after ? null : await database.caseLists.get([ownerUserId, key]);
      if (complete || !previous || previous.cases.length <= cases.length) {
        await database.caseLists.put({
          ownerUserId,
          key,
          cases: [...cases],
          total: page.total,
          complete,
          syncedAt: Date.now(),
        });
      }
      if (complete) return { status: 'ok' };
      after = page.next!;
    }
  } catch (error) {
    return outcomeOf(error);
  }
}
