import { Anchor, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useImageUrl, type ImageSource } from '../../components/use-object-urls';
import { mediaKind } from '../../domain/case-feed';
import { formatFileSize } from '../../domain/file-size';

export interface FeedClip {
  key: string;
  name: string;
  /** The type the file is stored (or was recorded) as. */
  type: string;
  size: number;
  /** The gateway's URL, or the recording kept on the device until it is sent. */
  src: ImageSource;
}

/** Whether this browser says it may play `type` ('' means it cannot). */
function canPlay(kind: 'audio' | 'video', type: string): boolean {
  return document.createElement(kind).canPlayType(type) !== '';
}

/**
 * One sound or video of an update, played in the feed; one the browser cannot play (a WebM
 * on an older Safari) is offered as a download instead.
 */
function Clip({ clip }: { clip: FeedClip }) {
  const url = useImageUrl(clip.src);
  const kind = mediaKind(clip.type) ?? 'video';
  const playable = useMemo(() => canPlay(kind, clip.type), [kind, clip.type]);
  const label = `${clip.name} · ${formatFileSize(clip.size)}`;
  if (!playable) {
    return (
      <Text size="sm" data-testid="feed-clip-download">
        {`${label}: this browser cannot play it. `}
        {url && (
          <Anchor href={url} download={clip.name}>
            Download
          </Anchor>
        )}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="feed-clip">
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {label}
      </Text>
      {url &&
        (kind === 'audio' ? (
          <audio
            controls
            preload="metadata"
            src={url}
            aria-label={clip.name}
            className="feed-audio"
          />
        ) : (
          <video
            controls
            playsInline
            preload="metadata"
            src={url}
            aria-label={clip.name}
            className="feed-video"
          />
        ))}
    </Stack>
  );
}

/** The sounds and videos of an update, in the order they were attached. */
export function FeedMedia({ clips }: { clips: readonly FeedClip[] }) {
  if (clips.length === 0) return null;
  return (
    <Stack gap="xs">
      {clips.map((c) => (
        <Clip key={c.key} clip={c} />
      ))}
    </Stack>
  );
}
