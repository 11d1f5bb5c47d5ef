import './photo-markup.css';
import { Alert, Button, Group, Loader, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useCallback, useEffect, useRef, useState, type PointerEvent } from 'react';
import {
  addMark,
  canUndo,
  extendMark,
  isVisibleMark,
  markTextHint,
  pointIn,
  undoMark,
  type Mark,
  type MarkHistory,
  type MarkTool,
} from '../../domain/photo-markup';
import { drawMarks } from '../../workers/photo-markup-draw';
import type { MarkedUpPhoto } from '../../workers/photo-markup';
import { renderMarkedUp } from './markup-worker';
import { MarkupTools, useMarkColours } from './photo-markup-tools';
import { usePicture, useShownSize } from './use-markup-picture';

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
  const undo = useCallback(() => setHistory(undoMark), []);
  const [canvas, setCanvas] = useState<HTMLCanvasElement | null>(null);
  const size = useShownSize(canvas, picture);
  const drawing = useRef<{ pointerId: number; mark: Mark } | null>(null);
  const textHint = markTextHint(text);
  const frame = useRef(0);

  const paint = () => {
    frame.current = 0;
    const ctx = canvas?.getContext('2d');
    if (!ctx || !size) return;
    const { width, height } = size;
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
      // A text too long is refused, as its field says, rather than cut without a word.
      if (textHint.tooLong) return;
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
    <Modal
      opened
      onClose={onCancel}
      title={`Mark up ${name}`}
      fullScreen
      // The page's scroll is still held (its wheel and touch moves are stopped), without the
      // scroll bar's styles on the body: those set a custom property there, and every element of
      // the page behind, hidden by the screen, would be styled again as it opens.
      removeScrollProps={{ removeScrollBar: false }}
    >
      <Stack gap="sm">
        <MarkupTools
          tool={tool}
          onTool={setTool}
          colour={colour}
          onColour={setColour}
          canUndo={canUndo(history) && !applying}
          onUndo={undo}
        />
        {tool === 'text' && (
          <TextInput
            label="Text"
            description={
              textHint.tooLong ? undefined : `Then tap the photo where it goes. ${textHint.hint}.`
            }
            error={textHint.tooLong ? textHint.hint : undefined}
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
              ref={setCanvas}
              className="markup-canvas"
              width={size?.width ?? 0}
              height={size?.height ?? 0}
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
