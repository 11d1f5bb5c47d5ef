import { describe, expect, it } from 'vitest';
import { feedEntries, queuedClose, splitAttachments } from '../../src/domain/case-feed';
import {
  clampZoom,
  downscaledSize,
  isGridImage,
  isHeic,
  jpegName,
  stepIndex,
} from '../../src/domain/case-images';
import {
  CASE_STATUS_DEFAULT,
  CASE_STATUS_OPTIONS,
  nextStatusSelection,
} from '../../src/domain/case-list';
import { createCaseListFilter } from '../../src/features/cases/case-list-filter';
import {
  caseUpdateSummaries,
  isClosedStatus,
  isEmptyUpdate,
  postsFeedItem,
  threadText,
} from '../../src/domain/case-update';
import type { FeedAttachment, FeedItem } from '../../contract/cases';

let numbered = 1000;
const row = (
  status: string,
  modelNumber: string | null,
  serialNumber: string | null,
  subject = 'Hydraulic pump whines',
) => ({
  caseNumber: String(++numbered).padStart(8, '0'),
  subject,
  status,
  modelNumber,
  serialNumber,
});

describe('case list filter (product §2, §9)', () => {
  it('offers All and the five statuses; the default is Updated, Created, Awaiting Feedback', () => {
    expect(CASE_STATUS_OPTIONS).toEqual([
      'All',
      'Created',
      'Updated',
      'Awaiting Feedback',
      'Resolved',
      'Forced Closed',
    ]);
    expect([...CASE_STATUS_DEFAULT].sort()).toEqual(['Awaiting Feedback', 'Created', 'Updated']);
  });

  const items = [
    row('Created', 'M7-172', '52016'),
    row('Resolved', 'M7-172', '52017'),
    row('Updated', 'L3560', '70531'),
    row('Forced Closed', 'SVL97-2', '33090'),
    row('awaiting feedback ', null, null, 'Engine derate during regeneration'),
  ];
  const filter = createCaseListFilter(items);

  it('keeps the selected statuses, ignoring case and outer spaces', () => {
    expect(filter(CASE_STATUS_DEFAULT, '')).toEqual([items[0], items[2], items[4]]);
    expect(filter(['Resolved'], '')).toEqual([items[1]]);
  });

  it('All or nothing selected means every status', () => {
    expect(filter(['All'], '')).toHaveLength(5);
    expect(filter([], '')).toHaveLength(5);
  });

  it('searches model or serial fuzzily (threshold 0.3), then applies the statuses', () => {
    expect(filter(['All'], 'M7172').map((c) => c.serialNumber)).toEqual(
      expect.arrayContaining(['52016', '52017']),
    );
    expect(filter(['All'], '70531')).toEqual([items[2]]);
    expect(filter(CASE_STATUS_DEFAULT, 'M7-172')).toEqual([items[0]]);
    expect(filter(['All'], 'zzzzzz')).toEqual([]);
  });

  it('finds a whole case number alone, though its neighbours differ by one digit', () => {
    expect(items.map((c) => c.caseNumber)).toEqual([
      '00001001',
      '00001002',
      '00001003',
      '00001004',
      '00001005',
    ]);
    expect(filter(['All'], '00001003')).toEqual([items[2]]);
    expect(filter(['All'], ' 00001005 ')).toEqual([items[4]]);
    // The status selection still applies to it.
    expect(filter(['Resolved'], '00001003')).toEqual([]);
  });

  it('finds a part of a case number fuzzily, as it is typed', () => {
    const found = filter(['All'], '0000100');
    expect(found).toHaveLength(5);
    expect(filter(['All'], '1004')[0]).toBe(items[3]);
  });

  it('finds by subject fuzzily (a typo forgiven), with the statuses applied', () => {
    expect(filter(['All'], 'derate')).toEqual([items[4]]);
    expect(filter(['All'], 'regenaration')).toEqual([items[4]]);
    expect(filter(['All'], 'hydraulc pump')).toHaveLength(4);
    expect(filter(CASE_STATUS_DEFAULT, 'hydraulc pump')).toEqual([items[0], items[2]]);
  });

  it('All clears the other statuses and a status replaces All', () => {
    expect(nextStatusSelection(['Created'], ['Created', 'All'])).toEqual(['All']);
    expect(nextStatusSelection(['All'], ['All', 'Resolved'])).toEqual(['Resolved']);
    expect(nextStatusSelection(['Created'], ['Created', 'Updated'])).toEqual([
      'Created',
      'Updated',
    ]);
  });
});

describe('case update rules (product §4, §5)', () => {
  it('trims thread text', () => {
    expect(threadText('  engine stalls \n')).toBe('engine stalls');
  });
  it('an update needs text, a file or the close', () => {
    expect(isEmptyUpdate({ text: '   ', fileCount: 0, close: false })).toBe(true);
    expect(isEmptyUpdate({ text: '', fileCount: 1, close: false })).toBe(false);
    expect(isEmptyUpdate({ text: '', fileCount: 0, close: true })).toBe(false);
    expect(postsFeedItem({ text: ' ', fileCount: 0, close: true })).toBe(false);
    expect(postsFeedItem({ text: 'x', fileCount: 0, close: true })).toBe(true);
  });
  it('knows closed statuses', () => {
    expect(isClosedStatus('Resolved')).toBe(true);
    expect(isClosedStatus('Forced Closed')).toBe(true);
    expect(isClosedStatus('Awaiting Feedback')).toBe(false);
  });
  it('names the parts for the Offline & sync page', () => {
    const s = caseUpdateSummaries('00012345');
    expect(s.file('a.jpg')).toBe('Upload a.jpg to case 00012345');
    expect(s.close).toBe('Close case 00012345');
  });
});

describe('case images (product §2, §5, §9)', () => {
  it('recognises HEIC and HEIF by type or by name', () => {
    expect(isHeic('image/heic', 'x')).toBe(true);
    expect(isHeic('image/heif-sequence', 'x')).toBe(true);
    expect(isHeic('', 'IMG_0001.HEIC')).toBe(true);
    expect(isHeic('image/jpeg', 'a.jpg')).toBe(false);
    expect(jpegName('IMG_0001.HEIC')).toBe('IMG_0001.jpg');
    expect(jpegName('.heic')).toBe('photo.jpg');
  });
  it('scales the long side down to 2,560 px, keeping the aspect, never up', () => {
    expect(downscaledSize(4032, 3024)).toEqual({ width: 2560, height: 1920, scaled: true });
    expect(downscaledSize(3024, 4032)).toEqual({ width: 1920, height: 2560, scaled: true });
    expect(downscaledSize(800, 600)).toEqual({ width: 800, height: 600, scaled: false });
  });
  it('grid images are JPEG, PNG, GIF and WebP', () => {
    expect(isGridImage('image/jpeg')).toBe(true);
    expect(isGridImage('application/pdf')).toBe(false);
  });
  it('the viewer stops at the first and the last image and keeps zoom between 1x and 5x', () => {
    expect(stepIndex(0, 3, 1)).toBe(1);
    expect(stepIndex(2, 3, -1)).toBe(1);
    expect(stepIndex(2, 3, 1)).toBe(2);
    expect(stepIndex(0, 3, -1)).toBe(0);
    expect(stepIndex(0, 0, 1)).toBe(0);
    expect(clampZoom(9)).toBe(5);
    expect(clampZoom(0.2)).toBe(1);
  });
});

const attachment = (id: string, isImage: boolean): FeedAttachment => ({
  id,
  name: `${id}.${isImage ? 'jpg' : 'pdf'}`,
  contentType: isImage ? 'image/jpeg' : 'application/pdf',
  fileExtension: isImage ? 'jpg' : 'pdf',
  size: 10,
  date: '2026-11-01T00:00:00Z',
  isImage,
  icon: isImage ? 'image' : 'pdf',
  url: `/f/${id}`,
  thumbnailUrl: isImage ? `/t/${id}` : null,
  width: null,
  height: null,
});

describe('feed entries (product §4: an update shows at once)', () => {
  const item: FeedItem = {
    id: 'f1',
    caseId: 'c1',
    body: 'first',
    channel: 'Web',
    type: 'Customer',
    title: 'Service Web',
    name: 'Text Update',
    createdAt: '2026-11-01T00:00:00Z',
    authorName: 'Dana',
    attachments: [attachment('a', true), attachment('b', false)],
  };
  const blob = new Blob(['x'], { type: 'image/jpeg' });
  const writes = [
    {
      id: 'w1',
      kind: 'case-file',
      status: 'done',
      payload: { name: 'p.jpg', type: 'image/jpeg', blob },
      createdAt: 1,
    },
    {
      id: 'w2',
      kind: 'case-file',
      status: 'pending',
      payload: { name: 'q.jpg', type: 'image/jpeg', blob },
      createdAt: 2,
    },
    {
      id: 'w3',
      kind: 'case-feed-item',
      status: 'pending',
      payload: { body: 'second', fileIds: ['w1', 'w2'] },
      createdAt: 3,
    },
    { id: 'w4', kind: 'case-close', status: 'pending', payload: { caseId: 'c1' }, createdAt: 4 },
  ];

  it('lists sent items, then queued ones with their files, sent or not', () => {
    const entries = feedEntries([item], writes);
    expect(entries).toHaveLength(2);
    const queued = entries[1]!;
    expect(queued.kind).toBe('queued');
    if (queued.kind !== 'queued') return;
    expect(queued.body).toBe('second');
    expect(queued.files.map((f) => f.name)).toEqual(['p.jpg', 'q.jpg']);
    expect(queued.state).toBe('waiting');
  });

  it('a refused part marks the update as needing attention', () => {
    const refused = writes.map((w) => (w.id === 'w2' ? { ...w, status: 'needs-attention' } : w));
    const queued = feedEntries([], refused)[0]!;
    expect(queued.kind === 'queued' && queued.state).toBe('needs-attention');
  });

  it('a queued close shows until sent', () => {
    expect(queuedClose(writes)).toBe('waiting');
    expect(queuedClose(writes.map((w) => ({ ...w, status: 'done' })))).toBeNull();
  });

  it('splits images from the download list', () => {
    const { images, others } = splitAttachments(item.attachments);
    expect(images.map((a) => a.id)).toEqual(['a']);
    expect(others.map((a) => a.id)).toEqual(['b']);
  });
});
