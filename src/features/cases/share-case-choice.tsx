import { Button, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useLiveQuery } from 'dexie-react-hooks';
import { useDeferredValue, useMemo, useState } from 'react';
import { useLocalCaseActivity } from '../../components/use-local-case-activity';
import { db } from '../../db/db';
import { recentCasesOf } from '../../db/recent-cases';
import { byLastActivity, lastActivityOf } from '../../domain/case-activity';
import { shortDate } from '../../domain/dates';
import { createCaseListFilter } from './case-list-filter';

/** Cases offered at first, and added by each "Show more". */
const SHOWN = 20;
/** Recent cases looked at besides the dealer's list (another dealer's, opened by staff). */
const RECENT = 50;

interface CaseChoice {
  id: string;
  caseNumber: string;
  subject: string;
  status: string;
  modelNumber: string | null;
  serialNumber: string | null;
  lastActivityAt?: string;
}

/**
 * Every case the device keeps, newest activity first: the dealer's list as last fetched, and the
 * cases opened on this device that it does not hold. All there offline.
 */
function useCaseChoices(userId: string): readonly CaseChoice[] | undefined {
  const local = useLocalCaseActivity(userId);
  const kept = useLiveQuery(async () => {
    const [list, recent] = await Promise.all([
      db.caseLists.get([userId, 'dealer']),
      recentCasesOf(userId, RECENT),
    ]);
    const choices: CaseChoice[] = [...(list?.cases ?? [])];
    const listed = new Set(choices.map((c) => c.id));
    for (const r of recent) {
      if (listed.has(r.id)) continue;
      choices.push({
        ...r,
        caseNumber: r.referenceNumber,
        modelNumber: r.modelNumber ?? null,
        serialNumber: r.serialNumber ?? null,
      });
    }
    return choices;
  }, [userId]);
  return useMemo(
    () =>
      kept &&
      // byLastActivity keeps a list as given unless this device moved a row: sorted here first.
      byLastActivity(
        [...kept].sort((a, b) => lastActivityOf(b) - lastActivityOf(a)),
        local,
      ),
    [kept, local],
  );
}

/** "Choose a case" for shared files: newest first, each with its machine and date, searchable. */
export function ShareCaseChoice({
  userId,
  onChoose,
}: {
  userId: string;
  onChoose: (caseId: string) => void;
}) {
  const cases = useCaseChoices(userId);
  const [text, setText] = useState('');
  const [shown, setShown] = useState(SHOWN);
  const search = useDeferredValue(text);
  const filter = useMemo(() => cases && createCaseListFilter(cases), [cases]);
  const matches = useMemo(() => filter?.([], search), [filter, search]);
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="share-cases-title">
      <Title order={2} size="h5" id="share-cases-title" mb="xs">
        Choose a case
      </Title>
      {!matches && <Loader size="sm" />}
      {cases?.length === 0 && (
        <Text size="sm">No cases on this device yet: open one first, or start a new case.</Text>
      )}
      {cases && cases.length > 0 && (
        <Stack gap="xs">
          <TextInput
            label="Find a case"
            description="Case number, subject, model or serial"
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setShown(SHOWN);
            }}
          />
          {matches?.length === 0 && <Text size="sm">No case on this device matches.</Text>}
          {matches?.slice(0, shown).map((c) => {
            const about = [
              [c.modelNumber, c.serialNumber].filter(Boolean).join(' '),
              c.lastActivityAt && shortDate(c.lastActivityAt),
            ]
              .filter(Boolean)
              .join(' · ');
            return (
              <Button
                key={c.id}
                variant="light"
                size="md"
                justify="flex-start"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left', display: 'block' } }}
                h="auto"
                mih={44}
                py={6}
                data-testid="share-case"
                onClick={() => onChoose(c.id)}
              >
                <span>{`Case ${c.caseNumber} · ${c.subject}`}</span>
                {about && (
                  <Text component="span" size="sm" display="block" fw={400}>
                    {about}
                  </Text>
                )}
              </Button>
            );
          })}
          {matches && matches.length > shown && (
            <Button variant="default" mih={44} onClick={() => setShown((n) => n + SHOWN)}>
              Show more
            </Button>
          )}
        </Stack>
      )}
    </Paper>
  );
}
