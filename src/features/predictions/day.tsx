import { createdDay } from '../../domain/prediction-sheet';

/** A prediction's day, which never breaks across lines ("2026-11-" / "28"). */
export function Day({ at }: { at: string }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{createdDay(at)}</span>;
}
