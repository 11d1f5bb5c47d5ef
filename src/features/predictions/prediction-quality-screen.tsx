import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { fetchPredictionQuality, type PredictionQuality } from '../../api/prediction-quality';
import { useProfile } from '../../components/use-profile';
import { hitRate, type QualityCounts } from '../../../contract/prediction-quality';

type Row = QualityCounts & { label: string };
const KS = [1, 3, 5] as const;
const COLOURS = {
  1: 'var(--mantine-color-blue-7)',
  3: 'var(--mantine-color-teal-6)',
  5: 'var(--mantine-color-gray-5)',
};

const percent = (rate: number | null) => (rate === null ? '–' : `${Math.round(rate * 100)} %`);

/** Top-1/3/5 hit rate per row as grouped bars: plain SVG, read with the table below it. */
function HitChart({ rows, title }: { rows: Row[]; title: string }) {
  const group = 36;
  const height = 120;
  const width = Math.max(rows.length * group, group);
  return (
    <svg
      role="img"
      aria-label={`${title}: hit rate by top 1, 3 and 5`}
      viewBox={`0 0 ${width} ${height + 30}`}
      style={{ width: '100%', maxWidth: width * 2, height: 'auto' }}
    >
      {rows.map((row, i) =>
        KS.map((k, j) => {
          const h = (hitRate(row, k) ?? 0) * height;
          return (
            <rect
              key={`${row.label}-${k}`}
              x={i * group + 4 + j * 9}
              y={height - h}
              width={8}
              height={h}
              fill={COLOURS[k]}
            />
          );
        }),
      )}
      {rows.map((row, i) => (
        <text key={row.label} x={i * group + 4} y={height + 12} fontSize={7} fill="currentColor">
          {row.label}
        </text>
      ))}
    </svg>
  );
}

function QualityTable({ rows, first }: { rows: Row[]; first: string }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped aria-label={first}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{first}</Table.Th>
            <Table.Th>Scored</Table.Th>
            {KS.map((k) => (
              <Table.Th key={k}>Top-{k}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Td>{row.label}</Table.Td>
              <Table.Td>{row.settled}</Table.Td>
              {KS.map((k) => (
                <Table.Td key={k}>
                  {`${percent(hitRate(row, k))} (${k === 1 ? row.top1 : k === 3 ? row.top3 : row.top5})`}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /support/predictions/quality: administrators only; the gateway answers others 404. */
export function PredictionQualityScreen() {
  const user = useProfile();
  const [data, setData] = useState<PredictionQuality | null>(null);
  const [error, setError] = useState<string | null>(null);
  const allowed = user?.isAdmin === true && user.kind === 'internal';
  useEffect(() => {
    if (!allowed) return;
    const ctrl = new AbortController();
    fetchPredictionQuality(ctrl.signal).then(setData, (e: unknown) => {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setError(e instanceof Error ? e.message : String(e));
    });
    return () => ctrl.abort();
  }, [allowed]);
  if (user === undefined) return <Loader m="xl" />;
  if (!allowed) {
    return (
      <Stack p="md" gap="xs">
        <Title order={2}>Not allowed</Title>
        <Text>The predictions quality page is for administrators only.</Text>
      </Stack>
    );
  }
  if (error) return <Alert color="red">{error}</Alert>;
  if (!data) return <Loader m="xl" />;
  const months = data.months.map((m) => ({ ...m, label: m.month }));
  const models = data.models.map((m) => ({ ...m, label: m.model }));
  return (
    <Stack gap="sm" maw={820} mx="auto">
      <Title order={1} size="h2">
        Predictions quality
      </Title>
      <Text size="sm" c="dimmed">
        {`Share of predictions whose causal part was in the top 1, 3 or 5 answers, once known. Waiting for an outcome: ${data.pending}.`}
      </Text>
      <Title order={2} size="h4">
        By month
      </Title>
      <HitChart rows={months} title="By month" />
      <QualityTable rows={months} first="Month" />
      <Title order={2} size="h4">
        By model
      </Title>
      <HitChart rows={models} title="By model" />
      <QualityTable rows={models} first="Model" />
    </Stack>
  );
}
