import { Button, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDeferredValue, useMemo, useState } from 'react';
import { useKeptCases } from '../../components/use-kept-cases';
import { shortDate } from '../../domain/dates';
import { createCaseListFilter } from './case-list-filter';

/** Cases offered at first, and added by each "Show more". */
const SHOWN = 20;

/** "Choose a case" for shared files: newest first, each with its machine and date, searchable. */
export function ShareCaseChoice({
  userId,
  onChoose,
}: {
  userId: string;
  onChoose: (caseId: string) => void;
}) {
  const cases = useKeptCases(userId);
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
