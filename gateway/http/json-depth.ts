/**
 * How deeply a request's JSON may nest. Real bodies of this API stay under ten levels; the
 * limit leaves room for tomorrow's and stops a body of thousands of nested arrays before any
 * code walks it (10 KB of brackets is enough to exhaust a recursive walk's stack).
 */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = `The request body nests deeper than ${MAX_JSON_DEPTH} levels`;

/** Whether the value nests arrays and objects deeper than `limit`; iterative, stops early. */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const { value: v, depth } = stack.pop()!;
    if (v === null || typeof v !== 'object' || Buffer.isBuffer(v)) continue;
    if (depth + 1 > limit) return true;
    const items = Array.isArray(v) ? v : Object.values(v);
    for (const item of items) {
      if (item !== null && typeof item === 'object') stack.push({ value: item, depth: depth + 1 });
    }
  }
  return false;
}
