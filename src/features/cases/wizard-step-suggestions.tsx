import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { SearchResult } from '../../../contract/knowledge';
import { NetworkError } from '../../api/errors';
import { getCaseAssist } from '../../api/wizard';
import { StepButtons, type StepMoves } from './wizard-step-buttons';

export const NO_ARTICLES_MESSAGE = 'No Knowledge Articles found';
/** product §4 Offline-first: a lookup that needs the server says so, as the others do. */
export const SUGGESTIONS_NEED_CONNECTION =
  'Knowledge suggestions need a connection. Press Next to go on with the case; it is sent when the device is back online.';
export const SUGGESTIONS_HEADING = 'Knowledge Suggestions';

export interface SuggestionsQuery {
  subject: string;
  dtc: string;
  serial: string;
  model: string;
}

/** Step 2's list: up to 6 articles; one opens in place and the user comes back to the list. */
export function SuggestionsStep({
  query,
  onOpened,
  onSolved,
  onCancel,
}: {
  query: SuggestionsQuery;
  onOpened: (id: string) => void;
  onSolved: (articleId: string | null) => void;
  onCancel: () => void;
}) {
  const [results, setResults] = useState<SearchResult[] | null | 'failed' | 'offline'>(null);
  const [open, setOpen] = useState<SearchResult | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    getCaseAssist(
      { subject: query.subject, dtc: query.dtc, serial: query.serial, model: query.model },
      ctl.signal,
    )
      .then(setResults)
      .catch((error: unknown) => {
        if (!ctl.signal.aborted) setResults(error instanceof NetworkError ? 'offline' : 'failed');
      });
    return () => ctl.abort();
  }, [query.subject, query.dtc, query.serial, query.model]);

  if (open) {
    return (
      <Paper withBorder p="md" data-testid="suggestion-article">
        <Title order={3} size="h5">
          {open.title}
        </Title>
        <Text mt="sm">{open.excerpt}</Text>
        <Group mt="md">
          <Button variant="default" onClick={() => setOpen(null)}>
            Back to suggestions
          </Button>
          <Anchor href={open.clickUri} target="_blank" rel="noreferrer">
            Open the full article
          </Anchor>
        </Group>
      </Paper>
    );
  }
  // The buttons come before the list: suggestions arrive after the step shows, and a button
  // below them would move under a finger about to tap it.
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {SUGGESTIONS_HEADING}
      </Title>
      <Group>
        <Button color="green" onClick={() => onSolved(null)}>
          Solve Request
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel Request
        </Button>
      </Group>
      {results === null && <Loader aria-label="Loading suggestions" />}
      {results === 'offline' && <Alert color="yellow">{SUGGESTIONS_NEED_CONNECTION}</Alert>}
      {(results === 'failed' || (Array.isArray(results) && results.length === 0)) && (
        <Alert color="yellow">{NO_ARTICLES_MESSAGE}</Alert>
      )}
      {Array.isArray(results) &&
        results.map((r) => (
          <Paper key={r.uniqueId} withBorder p="sm" data-testid="suggestion">
            <Anchor
              component="button"
              type="button"
              onClick={() => {
                setOpen(r);
                onOpened(r.uniqueId);
              }}
            >
              {r.title}
            </Anchor>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {r.excerpt}
            </Text>
          </Paper>
        ))}
    </Stack>
  );
}

/** Step 2 of a case: the knowledge suggestions, with the moves above them (see the list). */
export function WizardStepSuggestions({
  onPrevious,
  onNext,
  ...list
}: StepMoves & Parameters<typeof SuggestionsStep>[0]) {
  return (
    <>
      <StepButtons onPrevious={onPrevious} onNext={onNext} />
      <SuggestionsStep {...list} />
    </>
  );
}
