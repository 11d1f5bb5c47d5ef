import { Accordion } from '@mantine/core';
import {
  MANUAL_SECTIONS,
  NO_MANUALS_FOUND,
  type ManualSection,
  type ManualsResponse,
  type SearchResult,
} from '../../../contract/knowledge';
import { EmptyState } from '../../components/empty-state';
import { manualsKey } from '../../sync/machine-documents';
import { DocumentList } from './document-list';
import { MANUALS_NEED_CONNECTION } from './needs-connection';
import { StoredDocuments, useStoredDocuments } from './stored-documents';
import type { Refresh } from './use-machine-detail';

/** product §4: Workshop Manuals expanded by default, the other sections collapsed. */
const EXPANDED_AT_FIRST: ManualSection[] = ['Workshop Manuals'];

function bySection(response: ManualsResponse): Map<ManualSection, SearchResult[]> {
  return new Map(response.sections.map((s) => [s.section, s.results]));
}

function ManualSections({ response }: { response: ManualsResponse }) {
  const sections = bySection(response);
  if (MANUAL_SECTIONS.every((s) => (sections.get(s) ?? []).length === 0)) {
    return <EmptyState>{NO_MANUALS_FOUND}</EmptyState>;
  }
  // Every section shows, in product.md order, even one the gateway left out.
  return (
    <Accordion multiple defaultValue={EXPANDED_AT_FIRST} variant="separated">
      {MANUAL_SECTIONS.map((section) => {
        const results = sections.get(section) ?? [];
        return (
          <Accordion.Item key={section} value={section} data-testid="manual-section">
            <Accordion.Control>{section}</Accordion.Control>
            <Accordion.Panel>
              {results.length === 0 ? (
                <EmptyState>{NO_MANUALS_FOUND}</EmptyState>
              ) : (
                <DocumentList results={results} />
              )}
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

/** Manuals tab (product §2): the model's manuals by section, from the device. */
export function ManualsTab({
  ownerUserId,
  model,
  refresh,
}: {
  ownerUserId: string;
  model: string;
  refresh: Refresh;
}) {
  const row = useStoredDocuments(ownerUserId, manualsKey(model), 'manuals');
  return (
    <StoredDocuments
      row={row}
      refresh={refresh}
      needsConnection={MANUALS_NEED_CONNECTION}
      failed="The manuals could not be loaded."
      notFound={NO_MANUALS_FOUND}
    >
      {(r) => <ManualSections response={r.response} />}
    </StoredDocuments>
  );
}
