import { Alert, Anchor, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { CASE_ASSIST_MAX } from '../../../contract/case-create';
import { NO_KNOWLEDGE_ARTICLES_MESSAGE } from '../../../contract/predictions';
import { NetworkError } from '../../api/errors';
import { getCaseAssist } from '../../api/wizard';
import { forMachine } from '../../domain/machine-suggestions';
import { modelFamilyOnDevice } from '../../sync/machines';
import { searchOffline } from '../../workers/knowledge-index-handle';

export const PROBLEM_SUGGESTIONS_HEADING = 'Problem Suggestions';

interface Suggestion {
  uniqueId: string;
  title: string;
  excerpt: string;
  clickUri: string;
  /** A PDF attachment, which downloads (product §2). */
  pdf: { title: string; url: string } | null;
}

export interface SuggestionQuery {
  ownerUserId: string;
  symptom: string;
  model: string;
  serial: string;
}

/** Offline, the matches looked through for those that fit the machine. */
const OFFLINE_CANDIDATES = 50;

interface Found {
  suggestions: Suggestion[];
  /** Offline: articles on the device that matched the words but are about other machines. */
  otherMachines: number;
}

/**
 * Online the wizard's knowledge suggestions for the symptom (the gateway leaves out the CRM's
 * own items); without a connection, the same words searched over the articles kept on the
 * device, which holds knowledge documents only, ranked for the machine as the gateway ranks.
 */
async function suggestionsFor(q: SuggestionQuery, signal: AbortSignal): Promise<Found> {
  const offline = async (): Promise<Found> => {
    const [family, { hits }] = await Promise.all([
      modelFamilyOnDevice(q.ownerUserId, q.model, q.serial),
      searchOffline(q.ownerUserId, q.symptom, 1, OFFLINE_CANDIDATES),
    ]);
    const fitting = forMachine(hits, { model: q.model, family });
    return {
      suggestions: fitting.slice(0, CASE_ASSIST_MAX).map((h) => ({
        uniqueId: h.uniqueId,
        title: h.title,
        excerpt: h.excerpt,
        clickUri: h.clickUri,
        pdf: null,
      })),
      otherMachines: hits.length - fitting.length,
    };
  };
  if (!navigator.onLine) return offline();
  try {
    const results = await getCaseAssist(
      { subject: q.symptom, serial: q.serial, model: q.model },
      signal,
    );
    const suggestions = results.slice(0, CASE_ASSIST_MAX).map((r) => ({
      uniqueId: r.uniqueId,
      title: r.title,
      excerpt: r.excerpt,
      clickUri: r.clickUri,
      pdf:
        r.parentResult?.fileType === 'pdf'
          ? { title: r.parentResult.title, url: r.parentResult.url }
          : null,
    }));
    return { suggestions, otherMachines: 0 };
  } catch (error) {
    if (error instanceof NetworkError) return offline();
    throw error;
  }
}

/** product §2 Parts prediction step, right: up to 6 knowledge articles for the symptom. */
export function ProblemSuggestions(query: SuggestionQuery) {
  const [found, setFound] = useState<Found | null | 'failed'>(null);
  const { ownerUserId, symptom, model, serial } = query;
  useEffect(() => {
    const ctl = new AbortController();
    setFound(null);
    suggestionsFor({ ownerUserId, symptom, model, serial }, ctl.signal).then(
      (s) => !ctl.signal.aborted && setFound(s),
      () => !ctl.signal.aborted && setFound('failed'),
    );
    return () => ctl.abort();
  }, [ownerUserId, symptom, model, serial]);

  return (
    <Stack gap="sm" component="section" aria-labelledby="problem-suggestions">
      <Title order={2} size="h4" id="problem-suggestions">
        {PROBLEM_SUGGESTIONS_HEADING}
      </Title>
      {found === null && <Loader size="sm" aria-label="Loading suggestions" />}
      {(found === 'failed' || found?.suggestions.length === 0) && (
        <Alert color="yellow">{NO_KNOWLEDGE_ARTICLES_MESSAGE}</Alert>
      )}
      {found !== null &&
        found !== 'failed' &&
        found.suggestions.length === 0 &&
        found.otherMachines > 0 && (
          <Text size="sm" c="dimmed">
            None of the articles kept on this device is about the {model} or its family.
          </Text>
        )}
      {found !== null &&
        found !== 'failed' &&
        found.suggestions.map((s) => (
          <Paper key={s.uniqueId} withBorder p="sm" data-testid="problem-suggestion">
            <Anchor component={Link} to={s.clickUri} fw={600}>
              {s.title}
            </Anchor>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {s.excerpt}
            </Text>
            {s.pdf && (
              <Anchor href={s.pdf.url} download={s.pdf.title} size="sm">
                Download {s.pdf.title}
              </Anchor>
            )}
          </Paper>
        ))}
    </Stack>
  );
}
