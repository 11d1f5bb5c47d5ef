/**
 * Knowledge suggestions for one machine, ranked on the device as the gateway ranks them online
 * (case-assist): those naming the machine's model in their title first, then the rest of its
 * family, then those of every product; another family's are left out, since another machine's
 * procedure is the wrong one. Within a rank, the search's order is kept.
 */

export interface MachineContext {
  model: string;
  /** The machine's model family (the product facet), when the device knows it. */
  family: string | null;
}

interface Ranked {
  title: string;
  /** The family a document is about; null for every product. */
  product: string | null;
}

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/** Whether `title` names `model` as a word of its own ("… (M5-111)", not "M5-1110"). */
function namesModel(title: string, model: string): boolean {
  const escaped = model.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w-])${escaped}($|[^\\w-])`, 'i').test(title);
}

export function forMachine<T extends Ranked>(hits: readonly T[], machine: MachineContext): T[] {
  const { model, family } = machine;
  const rankOf = (hit: T): number | null => {
    if (family !== null && hit.product !== null && !same(hit.product, family)) return null;
    if (model && namesModel(hit.title, model)) return 0;
    return hit.product !== null ? 1 : 2;
  };
  return hits
    .map((hit, order) => ({ hit, order, rank: rankOf(hit) }))
    .filter((r): r is { hit: T; order: number; rank: number } => r.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.order - b.order)
    .map((r) => r.hit);
}
