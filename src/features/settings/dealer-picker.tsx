import { Select } from '@mantine/core';
import { useEffect, useState } from 'react';
import { searchDealers, type Dealer } from '../../api/dealers';
import { ApiError, NetworkError } from '../../api/errors';

const MIN_CHARS = 2;
const DEBOUNCE_MS = 300;

function label(d: Dealer): string {
  const place = [d.city, d.state].filter(Boolean).join(', ');
  return place ? `${d.name} (${place})` : d.name;
}

/**
 * Internal users pick the dealer whose machines to download: a search over the dealer
 * lookup (GET /api/v1/dealers?name=…), online only.
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
  const [dealers, setDealers] = useState<Dealer[]>([]);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const term = search.trim();
    if (term.length < MIN_CHARS || (value && term === label(value))) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchDealers({ name: term }, controller.signal).then(
        (found) => {
          setDealers(found);
          setProblem(found.length ? null : 'No dealer matches that name.');
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setProblem(
            error instanceof NetworkError
              ? 'Finding a dealer needs a connection.'
              : error instanceof ApiError
                ? error.message
                : 'Dealer search failed. Please try again.',
          );
        },
      );
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, value]);

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
