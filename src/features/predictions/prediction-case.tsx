import { Alert, Anchor, Button, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { PREDICTION_LINK_FAILED_MESSAGE } from '../../../contract/predictions';
import { useKeptCases } from '../../components/use-kept-cases';
import { useOnline } from '../../components/use-online';
import type { PredictionRow } from '../../db/schema';
import { casePath } from '../../domain/case-links';
import { caseChoiceLabel, caseChoicesFor } from '../../domain/prediction-case-choices';
import { refreshCaseList } from '../../sync/cases';
import { unsentLink } from '../../sync/prediction-link-state';
import { OFFLINE_SYNC_PATH, WAITING_TO_SEND } from '../../sync/queued-cases';
import { linkToCase } from './link-prediction';

/*
 * product §2 Prediction detail: the case a prediction is linked to, or, for one linked to none,
 * the choice of a case the device keeps and Link to Case. The link is the wizard's outbox write,
 * so it works offline and shows at once, marked as waiting to send until the gateway has it.
 */

export const LINK_CASE_HEADING = 'Link to a case';
export const LINK_CASE_LABEL = 'Case to link';
export const LINK_TO_CASE = 'Link to Case';
export const NO_KEPT_CASES =
  'No cases on this device yet: open the case first, then link this prediction to it.';

/** "Case: <number>", a link to the case, with its link's state while the outbox holds it. */
export function LinkedCase({ row, caseId }: { row: PredictionRow; caseId: string }) {
  const p = row.prediction;
  const link = useLiveQuery(() => unsentLink(row.ownerUserId, [row.id]), [row.ownerUserId, row.id]);
  return (
    <Text size="sm">
      Case:{' '}
      <Anchor component={Link} to={casePath(caseId)}>
        {p.caseNumber ?? 'Open the case'}
      </Anchor>
      {link && !link.refused && (
        <Text span size="sm" c="orange.9" role="status">
          {` · ${WAITING_TO_SEND}`}
        </Text>
      )}
      {link?.refused && (
        <Text span size="sm" c="red.8" role="status" display="block">
          {PREDICTION_LINK_FAILED_MESSAGE}:{' '}
          <Anchor component={Link} to={OFFLINE_SYNC_PATH}>
            Offline & sync
          </Anchor>
        </Text>
      )}
    </Text>
  );
}

/** The dealer's case list read again when online, so the choice holds the newest cases. */
function useFreshDealerList(userId: string, online: boolean) {
  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    refreshCaseList(userId, { kind: 'dealer' }, controller.signal).catch(() => undefined);
    return () => controller.abort();
  }, [userId, online]);
}

/** The user's cases the device keeps, the prediction's machine first, and Link to Case. */
export function LinkToCasePanel({ row }: { row: PredictionRow }) {
  const { modelNumber, serialNumber } = row.prediction;
  const online = useOnline();
  useFreshDealerList(row.ownerUserId, online);
  const cases = useKeptCases(row.ownerUserId);
  const groups = useMemo(
    () => cases && caseChoicesFor({ modelNumber, serialNumber }, cases),
    [cases, modelNumber, serialNumber],
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const link = () => {
    const target = groups?.flatMap((g) => g.cases).find((c) => c.id === chosen);
    if (!target) return;
    setFailed(false);
    linkToCase(row, target.id, target.caseNumber).catch(() => setFailed(true));
  };
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="link-case-heading">
      <Title order={2} size="h5" id="link-case-heading" mb="xs">
        {LINK_CASE_HEADING}
      </Title>
      {!groups && <Loader size="sm" aria-label="Loading cases" />}
      {groups?.length === 0 && <Text size="sm">{NO_KEPT_CASES}</Text>}
      {groups && groups.length > 0 && (
        <Stack gap="xs">
          <Select
            label={LINK_CASE_LABEL}
            placeholder="Choose a case"
            searchable
            nothingFoundMessage="No case on this device matches."
            maxDropdownHeight={300}
            data={groups.map((g) => ({
              group: g.group,
              items: g.cases.map((c) => ({ value: c.id, label: caseChoiceLabel(c) })),
            }))}
            value={chosen}
            onChange={setChosen}
          />
          <Button disabled={!chosen} onClick={link} mih={44}>
            {LINK_TO_CASE}
          </Button>
        </Stack>
      )}
      {failed && (
        <Alert color="red" role="alert" mt="xs">
          {PREDICTION_LINK_FAILED_MESSAGE}
        </Alert>
      )}
    </Paper>
  );
}
