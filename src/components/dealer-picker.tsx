import { Select } from '@mantine/core';
import { useState } from 'react';
import { searchDealers, type Dealer } from '../api/dealers';
import { ApiError, NetworkError } from '../api/errors';
import { useDebouncedLookup } from './use-debounced-lookup';

const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

function label(d: Dealer): string {
  const place = [d.city, d.state].filter(Boolean).join(', ');
  return place ? `${d.name} (${place})` : d.name;
}

/**
 * Internal users pick the dealer whose machines to download: a search over the dealer
 * lookup (searchDealers, by name), online only.
 */
export function DealerPicker({
  value,
  onChange,
  disabled,
}: {
  value: Dealer | null;
  onChange: (dealer: Dealer | null) => void;
  disabled?: boolean;
}) {
  const [search, setSearch] = useState('');
  const term = search.trim();
  const lookup = useDebouncedLookup(
    term.length >= MIN_CHARS && !(value && term === label(value)) ? { name: term } : null,
    searchDealers,
    DEBOUNCE_MS,
  );
  const dealers =
    lookup.status === 'done'
      ? lookup.value
      : lookup.status === 'loading'
        ? (lookup.last ?? [])
        : [];
  const problem =
    lookup.status === 'error'
      ? lookup.error instanceof NetworkError
        ? 'Finding a dealer needs a connection.'
        : lookup.error instanceof ApiError
          ? lookup.error.message
          : 'Dealer search failed. Please try again.'
      : lookup.status === 'done' && dealers.length === 0
        ? 'No dealer matches that name.'
        : null;

  const data = [...(value ? [value] : []), ...dealers.filter((d) => d.id !== value?.id)].map(
    (d) => ({ value: d.id, label: label(d) }),
  );

  return (
    <Select
      label="Dealer"
      placeholder="Type a dealer name"
      searchable
      clearable
      disabled={disabled}
      data={data}
      value={value?.id ?? null}
      searchValue={search}
      onSearchChange={setSearch}
      // The gateway already filtered by name; show its answers as they are.
      filter={({ options }) => options}
      onChange={(id) =>
        onChange(
          id ? (dealers.find((d) => d.id === id) ?? (value?.id === id ? value : null)) : null,
        )
      }
      nothingFoundMessage={search.trim().length >= MIN_CHARS ? problem : 'Type at least 2 letters'}
      error={problem && search.trim().length >= MIN_CHARS && dealers.length === 0 ? problem : null}
    />
  );
}
