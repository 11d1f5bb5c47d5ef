/** product §5 Dealer lookup: at least one of city, state, name or number; inputs are trimmed. */
export const DEALER_LOOKUP_REQUIRED = 'Atleast one field is required';

export interface DealerLookupInput {
  city: string;
  state: string;
  name: string;
  number: string;
}

export type DealerLookupQuery = Partial<DealerLookupInput>;

/** Trims every field and drops the empty ones; null with the product.md message when none is left. */
export function buildDealerLookupQuery(
  input: DealerLookupInput,
): { query: DealerLookupQuery; error: null } | { query: null; error: string } {
  const query: DealerLookupQuery = {};
  for (const key of ['city', 'state', 'name', 'number'] as const) {
    const value = input[key].trim();
    if (value) query[key] = value;
  }
  return Object.keys(query).length === 0
    ? { query: null, error: DEALER_LOOKUP_REQUIRED }
    : { query, error: null };
}
