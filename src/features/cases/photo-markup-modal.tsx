import './photo-markup.css';
import {
  Alert,
  Button,
  ColorSwatch,
  Group,
  Loader,
  Modal,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
  useMantineTheme,
} from '@mantine/core';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import {
  addMark,
  canUndo,
  extendMark,
  isVisibleMark,
  MARK_TEXT_MAX,
  pointIn,
  undoMark,
  type Mark,
  type MarkHistory,
  type MarkTool,
} from '../../domain/photo-markup';
import { drawMarks } from '../../workers/photo-markup-draw';
import type { MarkedUpPhoto, MarkupPicture } from '../../workers/photo-markup';
import { useImageUrl } from '../../components/use-object-urls';
import { markupPicture, renderMarkedUp } from './markup-worker';

/**
 * The long side of the picture the finger draws on: sharp on a phone's screen (412 CSS px at
 * about 2.6 device pixels each), small enough to redraw on every pointer move well within a frame.
 */
const DRAWING_LONG = 1280;

const TOOLS: { value: MarkTool; label: string }[] = [
  { value: 'arrow', label: 'Arrow' },
  { value: 'circle', label: 'Circle' },
  { value: 'pen', label: 'Draw' },
  { value: 'text', label: 'Text' },
];

/** The brand's colours (the theme's primary orange first), and white and black for contrast. */
function useMarkColours() {
  const theme = useMantineTheme();
  return [
    { name: 'Orange', value: theme.colors.orange[5]! },
    { name: 'Dark orange', value: theme.colors.orange[8]! },
    { name: 'White', value: theme.white },
    { name: 'Black', value: theme.black },
  ];
}

/** The small picture, made in the worker. */
function usePicture(photo: Blob) {
  const [picture, setPicture] = useState<MarkupPicture | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    markupPicture(photo, DRAWING_LONG).then(
      (p) => live && setPicture(p),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [photo]);
  return { picture, failed, url: useImageUrl(picture?.blob ?? null) };
}

export interface MarkupResult {
  /** Null when every mark was taken away: the photo goes as it was. */
  photo: MarkedUpPhoto | null;
  marks: readonly Mark[];
}

/**
 * Marking up a photo before it is attached: arrows, circles, freehand lines and a short text in
 * the brand's colours, with Undo. The finger draws on a downscaled picture; Apply renders the
 * photo at its own size in the worker.
 */
export function PhotoMarkupModal({
  name,
  photo,
  marks,
  onCancel,
  onApply,
}: {
  name: string;
  /** The photo as chosen, without marks. */
  photo: Blob;
  /** Marks made earlier on it, to go on from. */
  marks: readonly Mark[];
  onCancel: () => void;
  onApply: (result: MarkupResult) => void;
}) {
  const colours = useMarkColours();
  const [tool, setTool] = useState<MarkTool>('arrow');
  const [colour, setColour] = useState(colours[0]!.value);
  const [text, setText] = useState('');
  const [history, setHistory] = useState<MarkHistory>({ marks });
  const [applying, setApplying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { picture, failed, url } = usePicture(photo);
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<{ pointerId: number; mark: Mark } | null>(null);
  const frame = useRef(0);

  const paint = () => {
    frame.current = 0;
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !picture) return;
    const { pictureWidth: width, pictureHeight: height } = picture;
    ctx.clearRect(0, 0, width, height);
    const current = drawing.current?.mark;
    drawMarks(ctx, current ? [...history.marks, current] : history.marks, width, height);
  };
  // One paint a frame, however many pointer moves the frame had.
  const schedule = () => {
    frame.current ||= requestAnimationFrame(paint);
  };
  useEffect(() => {
    schedule();
    return () => {
      cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  });

  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!picture || applying || drawing.current) return;
    const at = pointIn(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect());
    if (tool === 'text') {
      const mark: Mark = { tool, colour, points: [at], text: text.trim() };
      if (isVisibleMark(mark)) setHistory((h) => addMark(h, mark));
      return;
    }
    e.currentTarget.setPointerCapture(e.pointerId);
    drawing.current = { pointerId: e.pointerId, mark: { tool, colour, points: [at] } };
    schedule();
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drawing.current;
    if (!d || d.pointerId !== e.pointerId) return;
    d.mark = extendMark(
      d.mark,
      pointIn(e.clientX, e.clientY, e.currentTarget.getBoundingClientRect()),
    );
    schedule();
  };
  const up = (e: PointerEvent<HTMLCanvasElement>) => {
    const d = drawing.current;
    if (!d || d.pointerId !== e.pointerId) return;
    drawing.current = null;
    if (e.type !== 'pointercancel' && isVisibleMark(d.mark)) setHistory((h) => addMark(h, d.mark));
    schedule();
  };

  const apply = async () => {
    setApplying(true);
    setError(null);
    try {
      const done = history.marks.length ? await renderMarkedUp(photo, history.marks) : null;
      onApply({ photo: done, marks: history.marks });
    } catch {
      setError('The marks could not be put on the photo. Please try again.');
      setApplying(false);
    }
  };

  return (
    <Modal opened onClose={onCancel} title={`Mark up ${name}`} fullScreen>
      <Stack gap="sm">
        <SegmentedControl
          fullWidth
          data={TOOLS}
          value={tool}
          onChange={(v) => setTool(v as MarkTool)}
          aria-label="Tool"
        />
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" role="group" aria-label="Colour">
            {colours.map((c) => (
              <ColorSwatch
                key={c.name}
                component="button"
                type="button"
                color={c.value}
                size={36}
                aria-label={c.name}
                aria-pressed={colour === c.value}
                className="markup-swatch"
                onClick={() => setColour(c.value)}
              />
            ))}
          </Group>
          <Button
            variant="default"
            onClick={() => setHistory(undoMark)}
            disabled={!canUndo(history) || applying}
          >
            Undo
          </Button>
        </Group>
        {tool === 'text' && (
          <TextInput
            label="Text"
            description="Then tap the photo where it goes."
            maxLength={MARK_TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        )}
        {failed ? (
          <Alert color="red" role="alert">
            This photo could not be opened for marking up.
          </Alert>
        ) : picture && url ? (
          <div className="markup-stage">
            <img src={url} alt="" className="markup-photo" />
            <canvas
              ref={canvas}
              className="markup-canvas"
              width={picture.pictureWidth}
              height={picture.pictureHeight}
              aria-label={`${name}, drawn on`}
              role="img"
              data-marks={history.marks.length}
              onPointerDown={down}
              onPointerMove={move}
              onPointerUp={up}
              onPointerCancel={up}
            />
          </div>
        ) : (
          <Group justify="center" p="xl">
            <Loader size="sm" />
            <Text size="sm">Opening the photo…</Text>
          </Group>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={applying}>
            Cancel
          </Button>
          <Button onClick={() => void apply()} loading={applying} disabled={!picture}>
            Apply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
