import { MODEL_TYPEAHEAD_MIN_MODEL, MODEL_TYPEAHEAD_MIN_SERIAL } from '../../contract/machines';

/** product §4 / §9: at least 3 model characters and 5 serial characters start the lookup. */
export function shouldLookupModel(model: string, serial: string): boolean {
  return (
    model.trim().length >= MODEL_TYPEAHEAD_MIN_MODEL &&
    serial.trim().length >= MODEL_TYPEAHEAD_MIN_SERIAL
  );
}

export interface CustomerSearchInput {
  firstName: string;
  lastName: string;
  city: string;
  state: string;
}

const FIELDS = ['firstName', 'lastName', 'city', 'state'] as const;

/** A customer search as sent: only the fields that were filled in. */
export type CustomerSearchQuery = Partial<Record<(typeof FIELDS)[number], string>>;

/** The query as sent and as the list's key: trimmed, empty fields left out, state upper-case. */
export function customerQueryOf(input: Partial<CustomerSearchInput>): CustomerSearchQuery {
  const out: CustomerSearchQuery = {};
  for (const f of FIELDS) {
    const v = input[f]?.trim();
    if (v) out[f] = f === 'state' ? v.toUpperCase() : v;
  }
  return out;
}

/** /support/machineResults?firstName=..&lastName=..&city=..&state=.. (fixed field order). */
export function customerSearchString(q: CustomerSearchQuery): string {
  const params = new URLSearchParams();
  for (const f of FIELDS) if (q[f]) params.set(f, q[f]!);
  return params.toString();
}

export function customerQueryFromSearch(search: URLSearchParams): CustomerSearchQuery {
  return customerQueryOf({
    firstName: search.get('firstName') ?? '',
    lastName: search.get('lastName') ?? '',
    city: search.get('city') ?? '',
    state: search.get('state') ?? '',
  });
}
