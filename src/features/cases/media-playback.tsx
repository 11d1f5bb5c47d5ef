import { Modal } from '@mantine/core';
import { useMemo } from 'react';
import { useObjectUrls } from '../../components/use-object-urls';

/** A picked sound or clip the technician can hear or watch on the device. */
export function isPlayable(type: string): boolean {
  return type.startsWith('audio/') || type.startsWith('video/');
}

/**
 * A recording or a picked sound or clip played back before it is sent: the technician hears
 * whether the noise was caught before the update goes to the TSC.
 */
export function MediaPlaybackModal({
  name,
  blob,
  onClose,
}: {
  name: string;
  blob: Blob;
  onClose: () => void;
}) {
  const url = useObjectUrls(useMemo(() => new Map([['media', blob]]), [blob])).get('media');
  const video = blob.type.startsWith('video/');
  return (
    <Modal opened onClose={onClose} title={`Play ${name}`} centered>
      {url &&
        (video ? (
          <video src={url} controls playsInline className="media-recorder-preview" />
        ) : (
          <audio src={url} controls style={{ width: '100%' }} />
        ))}
    </Modal>
  );
}
