import { Button, Group, useMantineTheme } from '@mantine/core';
import { memo, useId } from 'react';
import type { MarkTool } from '../../domain/photo-markup';

const TOOLS: { value: MarkTool; label: string }[] = [
  { value: 'arrow', label: 'Arrow' },
  { value: 'circle', label: 'Circle' },
  { value: 'pen', label: 'Draw' },
  { value: 'text', label: 'Text' },
];

/** The brand's colours (the theme's primary orange first), and white and black for contrast. */
export function useMarkColours() {
  const theme = useMantineTheme();
  return [
    { name: 'Orange', value: theme.colors.orange[5]! },
    { name: 'Dark orange', value: theme.colors.orange[8]! },
    { name: 'White', value: theme.white },
    { name: 'Black', value: theme.black },
  ];
}

/**
 * Tool, colour and Undo. Kept apart from the picture, so that a finished mark renders the canvas
 * and not these again. Plain radio buttons and buttons styled in CSS: the library's segmented
 * control measures its indicator as it mounts, which lays out the whole screen in the task that
 * opens it.
 */
export const MarkupTools = memo(function MarkupTools({
  tool,
  onTool,
  colour,
  onColour,
  canUndo,
  onUndo,
}: {
  tool: MarkTool;
  onTool: (tool: MarkTool) => void;
  colour: string;
  onColour: (colour: string) => void;
  canUndo: boolean;
  onUndo: () => void;
}) {
  const colours = useMarkColours();
  const toolGroup = useId();
  return (
    <>
      <div className="markup-tools" role="radiogroup" aria-label="Tool">
        {TOOLS.map((t) => (
          <label key={t.value} className="markup-tool">
            <input
              type="radio"
              name={toolGroup}
              value={t.value}
              checked={tool === t.value}
              onChange={() => onTool(t.value)}
            />
            <span>{t.label}</span>
          </label>
        ))}
      </div>
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" role="group" aria-label="Colour">
          {colours.map((c) => (
            <button
              key={c.name}
              type="button"
              className="mantine-focus-auto markup-swatch"
              style={{ background: c.value }}
              aria-label={c.name}
              aria-pressed={colour === c.value}
              onClick={() => onColour(c.value)}
            />
          ))}
        </Group>
        <Button variant="default" onClick={onUndo} disabled={!canUndo}>
          Undo
        </Button>
      </Group>
    </>
  );
});
