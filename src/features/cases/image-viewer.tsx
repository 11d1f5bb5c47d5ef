import { ActionIcon, Button, Group, Modal, Text } from '@mantine/core';
import { useEffect, useRef, useState, type PointerEvent, type WheelEvent } from 'react';
import { clampZoom, stepIndex } from '../../domain/case-images';
import { useImageUrl, type ImageSource } from '../../components/use-object-urls';

export interface ViewerImage {
  key: string;
  name: string;
  /** The full image online; the kept thumbnail offline. */
  src: ImageSource;
}

/*
 * The dialog takes the screen's height and the image what the title and the controls leave, so
 * the controls always sit inside the dialog's visible part, however short the screen.
 */
const FILL_SCREEN = {
  content: {
    display: 'flex',
    flexDirection: 'column',
    height: 'calc(100dvh - var(--modal-y-offset) * 2)',
  },
  body: { display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0 },
} as const;

/**
 * The enlarged image (product §2: a click enlarges): next and previous (buttons and arrow
 * keys), zoom with the wheel or a pinch, drag to look around a zoomed image.
 */
export function ImageViewer({
  images,
  index,
  onIndex,
  onClose,
}: {
  images: readonly ViewerImage[];
  index: number | null;
  onIndex: (index: number) => void;
  onClose: () => void;
}) {
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<{ distance: number; zoom: number } | null>(null);
  const opened = index !== null && images.length > 0;
  const current = opened ? images[Math.min(index, images.length - 1)]! : null;
  const url = useImageUrl(current?.src ?? null);

  useEffect(() => {
    setZoom(1);
    setOffset({ x: 0, y: 0 });
  }, [index]);

  const go = (step: 1 | -1) => index !== null && onIndex(stepIndex(index, images.length, step));
  const at = Math.min(index ?? 0, Math.max(images.length - 1, 0));

  useEffect(() => {
    if (!opened) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowRight') go(1);
      if (e.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const onWheel = (e: WheelEvent) => setZoom((z) => clampZoom(z * (e.deltaY < 0 ? 1.2 : 1 / 1.2)));
  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };
  const onPointerDown = (e: PointerEvent) => {
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2) pinch.current = { distance: distance(), zoom };
  };
  const onPointerMove = (e: PointerEvent) => {
    const last = pointers.current.get(e.pointerId);
    if (!last) return;
    pointers.current.set(e.pointerId, { x: e.clientX, y: e.clientY });
    if (pointers.current.size === 2 && pinch.current && pinch.current.distance > 0) {
      setZoom(clampZoom((pinch.current.zoom * distance()) / pinch.current.distance));
    } else if (pointers.current.size === 1 && zoom > 1) {
      setOffset((o) => ({ x: o.x + e.clientX - last.x, y: o.y + e.clientY - last.y }));
    }
  };
  const onPointerUp = (e: PointerEvent) => {
    pointers.current.delete(e.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size="xl"
      styles={FILL_SCREEN}
      title={current ? `${current.name} (${(index ?? 0) + 1} of ${images.length})` : ''}
    >
      {current && (
        <>
          <div
            className="case-viewer-stage"
            data-testid="image-viewer"
            onWheel={onWheel}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={onPointerUp}
          >
            {current.src ? (
              url && (
                <img
                  src={url}
                  alt={current.name}
                  draggable={false}
                  data-zoom={zoom.toFixed(2)}
                  style={{ transform: `translate(${offset.x}px, ${offset.y}px) scale(${zoom})` }}
                />
              )
            ) : (
              <Text c="gray.3">This image has not been kept on the device.</Text>
            )}
          </div>
          {/* One row on a phone: the zoom controls are signs, named for screen readers. */}
          <Group justify="space-between" wrap="nowrap" gap="xs" mt="sm">
            <Button variant="default" onClick={() => go(-1)} disabled={at === 0}>
              Previous
            </Button>
            <Group gap="xs" wrap="nowrap">
              <ActionIcon
                variant="default"
                size={36}
                aria-label="Zoom out"
                onClick={() => setZoom((z) => clampZoom(z / 1.5))}
              >
                −
              </ActionIcon>
              <ActionIcon
                variant="default"
                size={36}
                aria-label="Zoom in"
                onClick={() => setZoom((z) => clampZoom(z * 1.5))}
              >
                +
              </ActionIcon>
            </Group>
            <Button variant="default" onClick={() => go(1)} disabled={at >= images.length - 1}>
              Next
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
