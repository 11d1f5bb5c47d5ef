import { Button, Group, Loader } from '@mantine/core';

/** `waiting`: what Next waits for ("Converting photo…"), said on the button while it waits. */
export function StepButtons({
  onPrevious,
  onNext,
  nextLabel = 'Next',
  waiting = null,
}: {
  onPrevious: () => void;
  onNext?: () => void;
  nextLabel?: string;
  waiting?: string | null;
}) {
  return (
    <Group justify="space-between" mt="md">
      <Button variant="default" onClick={onPrevious}>
        Previous
      </Button>
      {onNext && (
        <Button
          onClick={onNext}
          disabled={!!waiting}
          leftSection={waiting ? <Loader size="xs" /> : undefined}
        >
          {waiting ?? nextLabel}
        </Button>
      )}
    </Group>
  );
}

/** What every step is given to move: the screen turns these into the flow's moves. */
export interface StepMoves {
  onPrevious: () => void;
  onNext: () => void;
}
