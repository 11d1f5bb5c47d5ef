import { Accordion, Badge, Group, Stack, Text } from '@mantine/core';
import { NO_SEARCH_RESULTS } from '../../../contract/knowledge';
import type { Campaign } from '../../../contract/machines';
import { EmptyState } from '../../components/empty-state';
import { formatDay } from '../../domain/dates';
import { campaignBadge } from '../../domain/policy-badge';
import { bulletinsKey } from '../../sync/machine-documents';
import { DocumentList } from './document-list';
import { BULLETINS_NEED_CONNECTION } from './needs-connection';
import { StoredDocuments, useStoredDocuments } from './stored-documents';
import type { Refresh } from './use-machine-detail';

export const NO_BULLETINS = 'No bulletins for this machine.';

function CampaignControl({ campaign }: { campaign: Campaign }) {
  const { color, label, ended } = campaignBadge(campaign);
  const end = formatDay(campaign.campaignEndDate);
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600}>{campaign.campaignName}</Text>
        <Text size="sm" c="dimmed">
          {campaign.campaignType}
          {end && ` · ${ended ? 'ended' : 'ends'} ${end}`}
        </Text>
      </Stack>
      {/* Text beside the colour, so the difference does not rest on colour alone. */}
      <Badge
        color={color}
        variant="filled"
        tt="none"
        data-color={color}
        // The campaign name wraps instead: a cut badge would read "Mand…".
        style={{ flexShrink: 0, overflow: 'visible' }}
      >
        {label}
      </Badge>
    </Group>
  );
}

function CampaignResults({
  ownerUserId,
  campaign,
  refresh,
}: {
  ownerUserId: string;
  campaign: string;
  refresh: Refresh;
}) {
  const row = useStoredDocuments(ownerUserId, bulletinsKey(campaign), 'bulletins');
  return (
    <StoredDocuments
      row={row}
      refresh={refresh}
      needsConnection={BULLETINS_NEED_CONNECTION}
      failed="The bulletins could not be loaded."
      notFound={NO_SEARCH_RESULTS}
    >
      {(r) =>
        r.response.results.length === 0 ? (
          <EmptyState>{NO_SEARCH_RESULTS}</EmptyState>
        ) : (
          <DocumentList results={r.response.results} />
        )
      }
    </StoredDocuments>
  );
}

/**
 * Bulletins tab (product §2, §4): the machine's campaigns as an accordion, mandatory orange and
 * the rest green; one past its end date grey and "Ended", whatever it was. The caller loads a campaign's documents when it is first opened (see
 * useBulletins); its panel renders what the device holds.
 */
export function BulletinsTab({
  ownerUserId,
  campaigns,
  opened,
  onOpenedChange,
  refreshes,
}: {
  ownerUserId: string;
  campaigns: Campaign[];
  opened: string[];
  onOpenedChange: (opened: string[]) => void;
  refreshes: Record<string, Refresh>;
}) {
  if (campaigns.length === 0) return <EmptyState>{NO_BULLETINS}</EmptyState>;
  return (
    <Accordion
      multiple
      value={opened}
      onChange={onOpenedChange}
      keepMounted={false}
      variant="separated"
      pt="sm"
    >
      {campaigns.map((c) => (
        <Accordion.Item
          key={c.campaignName}
          value={c.campaignName}
          data-testid="campaign"
          data-mandatory={c.isMandatory}
          style={{
            borderLeft: `4px solid var(--mantine-color-${campaignBadge(c).color}-filled)`,
          }}
        >
          <Accordion.Control>
            <CampaignControl campaign={c} />
          </Accordion.Control>
          <Accordion.Panel>
            <CampaignResults
              ownerUserId={ownerUserId}
              campaign={c.campaignName}
              refresh={refreshes[c.campaignName] ?? null}
            />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
