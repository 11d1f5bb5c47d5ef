/**
 * Pieces of a fuzzy query of which every match holds at least one exactly. Fuse's bitap allows
 * `errors / length <= threshold` edits (ignoring location); a text within k edits of the query
 * holds one of k + 1 non-overlapping pieces of it unchanged (each edit spoils at most one).
 * Null when no cheap test applies: Fuse splits queries over 32 characters into chunks that
 * match alone.
 */
export function fuzzyPieces(query: string, threshold: number): string[] | null {
  const m = query.length;
  if (m === 0 || m > 32) return null;
  let k = 0;
  while ((k + 1) / m <= threshold) k++;
  const n = k + 1;
  const pieces: string[] = [];
  for (let i = 0; i < n; i++) {
    pieces.push(query.slice(Math.floor((i * m) / n), Math.floor(((i + 1) * m) / n)));
  }
  return pieces;
}
