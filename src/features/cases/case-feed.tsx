import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import {
  lazy,
  memo,
  startTransition,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { Link } from 'react-router';
import type { FeedAttachment } from '../../../contract/cases';
import { EmptyState } from '../../components/empty-state';
import { mediaKind, splitAttachments, type FeedEntry } from '../../domain/case-feed';
import { formatFileSize } from '../../domain/file-size';
import { FeedMedia } from './feed-media';
import { ImageGrid } from './image-grid';
import type { ViewerImage } from './image-viewer';

// The viewer (a modal: its portal, focus trap and scroll lock) loads with the first click on
// an image, not with the screen: most visits never enlarge one.
const ImageViewer = lazy(() => import('./image-viewer').then((m) => ({ default: m.ImageViewer })));

const when = (iso: string | number) => new Date(iso).toLocaleString();

/**
 * Entries in the first render: more than a phone screen holds below the header. A long feed
 * (200 items) shows its header and first items without waiting for the rest, which follow in
 * a transition React splits into short tasks (one item a component, so it can yield between
 * them).
 */
const FIRST_ENTRIES = 8;

function Downloads({ files }: { files: readonly FeedAttachment[] }) {
  if (files.length === 0) return null;
  return (
    <Stack gap={4} data-testid="download-list">
      {files.map((f) => (
        <Group key={f.id} gap="xs" wrap="nowrap">
          <Anchor href={f.url} download={f.name} size="sm" style={{ overflowWrap: 'anywhere' }}>
            {f.name}
          </Anchor>
          <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {f.fileExtension.toUpperCase()} · {formatFileSize(f.size)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** One entry of the feed: a sent item, or an update still on the device. */
const FeedEntryItem = memo(function FeedEntryItem({
  entry,
  thumbnails,
  online,
  onOpen: openKey,
}: {
  entry: FeedEntry;
  thumbnails: ReadonlyMap<string, Blob>;
  online: boolean;
  onOpen: (key: string) => void;
}) {
  if (entry.kind === 'sent') {
    const { images, media, others } = splitAttachments(entry.item.attachments);
    return (
      <Paper withBorder p="sm" className="case-feed-item" data-testid="feed-item">
        <Group justify="space-between" gap="xs" mb={4}>
          <Text size="sm" fw={600}>
            {entry.item.authorName ?? entry.item.title}
          </Text>
          <Text size="xs" c="dimmed">
            {when(entry.item.createdAt)}
          </Text>
        </Group>
        <Stack gap="xs">
          {entry.item.body && <Text className="case-feed-body">{entry.item.body}</Text>}
          <ImageGrid
            images={images.map((a) => ({
              key: a.id,
              name: a.name,
              src: thumbnails.get(a.id) ?? (online ? a.thumbnailUrl : null),
            }))}
            onOpen={openKey}
          />
          <FeedMedia
            clips={media.map((a) => ({
              key: a.id,
              name: a.name,
              type: a.contentType,
              size: a.size,
              src: a.url,
            }))}
          />
          <Downloads files={others} />
        </Stack>
      </Paper>
    );
  }
  const images = entry.files.filter((f) => f.type.startsWith('image/'));
  const media = entry.files.filter((f) => mediaKind(f.type));
  const others = entry.files.filter((f) => !f.type.startsWith('image/') && !mediaKind(f.type));
  return (
    <Paper
      withBorder
      p="sm"
      className="case-feed-item"
      data-testid="feed-item-queued"
      style={{ borderStyle: 'dashed' }}
    >
      <Group justify="space-between" gap="xs" mb={4}>
        {entry.state === 'needs-attention' ? (
          <Badge color="red" variant="light" component={Link} to="/settings/offline">
            Needs attention
          </Badge>
        ) : (
          <Badge color="gray" variant="light">
            Waiting to send
          </Badge>
        )}
        <Text size="xs" c="dimmed">
          {when(entry.queuedAt)}
        </Text>
      </Group>
      <Stack gap="xs">
        {entry.body && <Text className="case-feed-body">{entry.body}</Text>}
        <ImageGrid
          images={images.map((f) => ({
            key: f.id,
            name: f.name,
            src: f.blob,
          }))}
          onOpen={openKey}
        />
        <FeedMedia
          clips={media.map((f) => ({
            key: f.id,
            name: f.name,
            type: f.type,
            size: f.blob.size,
            src: f.blob,
          }))}
        />
        {others.map((f) => (
          <Text key={f.id} size="sm">
            {f.name} · {formatFileSize(f.blob.size)}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
});

/**
 * The message feed (product §2 Case detail), oldest first as a conversation reads. Updates
 * still on the device show at once, marked as waiting to send.
 */
export function CaseFeed({
  entries,
  thumbnails,
  online,
}: {
  entries: readonly FeedEntry[];
  thumbnails: ReadonlyMap<string, Blob>;
  online: boolean;
}) {
  const [open, setOpen] = useState<number | null>(null);
  // Once opened, the viewer stays mounted so that closing it plays the modal's transition.
  const [viewer, setViewer] = useState(false);
  const [whole, setWhole] = useState(entries.length <= FIRST_ENTRIES);
  useEffect(() => {
    if (!whole) startTransition(() => setWhole(true));
  }, [whole]);
  const shown = whole ? entries : entries.slice(0, FIRST_ENTRIES);

  // Every image of the case, in feed order: the viewer steps through all of them.
  const viewerImages: ViewerImage[] = useMemo(
    () =>
      entries.flatMap((e) =>
        e.kind === 'sent'
          ? splitAttachments(e.item.attachments).images.map((a) => ({
              key: a.id,
              name: a.name,
              src: online ? a.url : (thumbnails.get(a.id) ?? null),
            }))
          : e.files
              .filter((f) => f.type.startsWith('image/'))
              .map((f) => ({ key: f.id, name: f.name, src: f.blob })),
      ),
    [entries, online, thumbnails],
  );
  const openKey = useCallback(
    (key: string) => {
      setViewer(true);
      setOpen(viewerImages.findIndex((i) => i.key === key));
    },
    [viewerImages],
  );

  if (entries.length === 0) return <EmptyState>No updates yet</EmptyState>;
  return (
    <Stack gap="sm" data-testid="case-feed">
      {shown.map((e) => (
        <FeedEntryItem
          key={e.kind === 'sent' ? e.item.id : e.id}
          entry={e}
          thumbnails={thumbnails}
          online={online}
          onOpen={openKey}
        />
      ))}
      {viewer && (
        <Suspense fallback={null}>
          <ImageViewer
            images={viewerImages}
            index={open}
            onIndex={setOpen}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}
