import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  FILTER_FIELDS,
  INCOMPLETE_FILTERS_MESSAGE,
  KNOWLEDGE_FACETS,
  MISSING_FIELDS_MESSAGE,
  NO_RECIPIENTS_MESSAGE,
  normaliseFilterValue,
  sentMessage,
} from '../../../contract/notifications';
import { ApiError } from '../../api/errors';
import {
  fetchBroadcasts,
  sendNotification,
  type Broadcast,
  type SendRequest,
} from '../../api/notifications';
import { useProfile } from '../../components/use-profile';
import { historyTime } from '../../domain/notification-links';
import { countOf, PERSON } from '../../domain/plural';
import { FilterRowFields, type FilterRow } from './notification-filters';

type MessageType = 'Knowledge' | 'Machine';

interface FormState {
  type: MessageType | null;
  title: string;
  body: string;
  knowledgeCategory: string | null;
  searchTerm: string;
  modelNumber: string;
  serialNumber: string;
  filters: FilterRow[];
}

const EMPTY: FormState = {
  type: null,
  title: '',
  body: '',
  knowledgeCategory: null,
  searchTerm: '',
  modelNumber: '',
  serialNumber: '',
  filters: [],
};

type Feedback = { color: 'green' | 'yellow' | 'red'; text: string } | null;

/** product §5 Notification form: what is missing, in the product's words; null when complete. */
export function formProblem(f: FormState): string | null {
  const blank = (v: string | null) => !v || v.trim() === '';
  if (!f.type || blank(f.title) || blank(f.body)) return MISSING_FIELDS_MESSAGE;
  if (f.type === 'Knowledge' && (blank(f.knowledgeCategory) || blank(f.searchTerm))) {
    return MISSING_FIELDS_MESSAGE;
  }
  if (f.type === 'Machine' && (blank(f.modelNumber) || blank(f.serialNumber))) {
    return MISSING_FIELDS_MESSAGE;
  }
  if (
    f.filters.some(
      (r) => !r.field || !r.operator || normaliseFilterValue(r.operator, r.value) === '',
    )
  ) {
    return INCOMPLETE_FILTERS_MESSAGE;
  }
  return null;
}

function toRequest(f: FormState, execute: boolean): SendRequest {
  const message =
    f.type === 'Knowledge'
      ? {
          type: 'Knowledge' as const,
          title: f.title,
          body: f.body,
          knowledgeCategory: f.knowledgeCategory as (typeof KNOWLEDGE_FACETS)[number],
          searchTerm: f.searchTerm,
        }
      : {
          type: 'Machine' as const,
          title: f.title,
          body: f.body,
          modelNumber: f.modelNumber,
          serialNumber: f.serialNumber,
        };
  return {
    execute,
    conditionals: f.filters.map((r) => ({
      field: r.field!,
      operator: r.operator!,
      value: normaliseFilterValue(r.operator!, r.value),
    })),
    message,
  };
}

function feedbackOf(error: unknown): Feedback {
  // A refusal the gateway explains is a warning; anything else is an error.
  if (error instanceof ApiError && error.status < 500) {
    return { color: 'yellow', text: error.message };
  }
  return {
    color: 'red',
    text: error instanceof Error ? error.message : 'The notification could not be sent.',
  };
}

function SendTab({ onSent }: { onSent: () => void }) {
  const [form, setForm] = useState<FormState>(EMPTY);
  const [count, setCount] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const nextKey = useRef(1);
  // product §4 Notification form: any edit turns the button back to Validate.
  const edit = (patch: Partial<FormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setCount(null);
  };
  const editFilter = (key: number, patch: Partial<FilterRow>) =>
    edit({ filters: form.filters.map((r) => (r.key === key ? { ...r, ...patch } : r)) });
  const used = new Set(form.filters.map((r) => r.field));

  const validate = async () => {
    const problem = formProblem(form);
    if (problem) {
      setFeedback({ color: 'red', text: problem });
      return;
    }
    setBusy(true);
    setFeedback(null);
    try {
      const res = await sendNotification(toRequest(form, false));
      if (res.valid) setCount(res.count);
      else setFeedback({ color: 'yellow', text: res.error ?? 'The filters are not valid.' });
    } catch (error) {
      setFeedback(feedbackOf(error));
    } finally {
      setBusy(false);
    }
  };

  const send = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const res = await sendNotification(toRequest(form, true), crypto.randomUUID());
      if (res.success) {
        setFeedback({ color: 'green', text: sentMessage(res.count) });
        setForm(EMPTY);
        setCount(null);
        onSent();
      } else {
        setFeedback({ color: 'yellow', text: res.error ?? 'The notification was not sent.' });
      }
    } catch (error) {
      setFeedback(feedbackOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" pt="md">
      {feedback && (
        <Alert color={feedback.color} withCloseButton onClose={() => setFeedback(null)}>
          {feedback.text}
        </Alert>
      )}
      <Select
        label="Type"
        required
        allowDeselect={false}
        data={[
          { value: 'Knowledge', label: 'Knowledge' },
          { value: 'Machine', label: 'Machine Detail' },
        ]}
        value={form.type}
        onChange={(v) => edit({ type: v as MessageType | null })}
      />
      <TextInput
        label="Title"
        required
        value={form.title}
        onChange={(e) => edit({ title: e.currentTarget.value })}
      />
      <Textarea
        label="Body"
        required
        rows={3}
        value={form.body}
        onChange={(e) => edit({ body: e.currentTarget.value })}
      />
      {form.type === 'Knowledge' && (
        <>
          <Select
            label="Facet"
            required
            allowDeselect={false}
            data={[...KNOWLEDGE_FACETS]}
            value={form.knowledgeCategory}
            onChange={(v) => edit({ knowledgeCategory: v })}
          />
          <TextInput
            label="Search Text"
            required
            value={form.searchTerm}
            onChange={(e) => edit({ searchTerm: e.currentTarget.value })}
          />
        </>
      )}
      {form.type === 'Machine' && (
        <>
          <TextInput
            label="Model Number"
            required
            value={form.modelNumber}
            onChange={(e) => edit({ modelNumber: e.currentTarget.value })}
          />
          <TextInput
            label="Serial Number"
            required
            value={form.serialNumber}
            onChange={(e) => edit({ serialNumber: e.currentTarget.value })}
          />
        </>
      )}
      <Title order={3} size="h5">
        Filters
      </Title>
      {form.filters.map((r, i) => (
        <FilterRowFields
          key={r.key}
          row={r}
          index={i}
          used={used}
          onChange={(patch) => editFilter(r.key, patch)}
          onRemove={() => edit({ filters: form.filters.filter((x) => x.key !== r.key) })}
        />
      ))}
      <Group>
        <Button
          variant="default"
          disabled={form.filters.length >= FILTER_FIELDS.length}
          onClick={() =>
            edit({
              filters: [
                ...form.filters,
                { key: nextKey.current++, field: null, operator: null, value: '' },
              ],
            })
          }
        >
          Add Filter
        </Button>
      </Group>
      {count !== null && (
        <Text role="status">
          {count === 0
            ? NO_RECIPIENTS_MESSAGE
            : `${countOf(count, PERSON)} will receive this notification.`}
        </Text>
      )}
      <Group>
        {count === null ? (
          <Button onClick={() => void validate()} loading={busy}>
            Validate
          </Button>
        ) : (
          <Button onClick={() => setConfirming(true)} loading={busy} disabled={count === 0}>
            Send Notification
          </Button>
        )}
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Are you sure?"
        centered
      >
        <Stack gap="sm">
          <Text>This notification goes to {countOf(count ?? 0, PERSON)}.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => void send()}>Send</Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** How often History looks again while a send is still going out. */
const HISTORY_POLL_MS = 2000;

function HistoryTab({ active, version }: { active: boolean; version: number }) {
  const [rows, setRows] = useState<Broadcast[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async (signal?: AbortSignal) => {
    try {
      setRows(await fetchBroadcasts(signal));
      setError(null);
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return;
      setError(e instanceof Error ? e.message : String(e));
    }
  }, []);
  useEffect(() => {
    if (!active) return;
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [active, version, load]);
  const sending = rows?.some((r) => r.pending > 0) ?? false;
  useEffect(() => {
    if (!active || !sending) return;
    // Live while a fan-out is under way (sent, failed, pending move).
    const t = setInterval(() => void load(), HISTORY_POLL_MS);
    return () => clearInterval(t);
  }, [active, sending, load]);
  if (error) return <Alert color="red">{error}</Alert>;
  if (!rows) return <Loader m="xl" />;
  // On a phone the table scrolls in its own box rather than widening the page.
  return (
    <Table.ScrollContainer minWidth={520} mt="md">
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Title</Table.Th>
            <Table.Th>Subject</Table.Th>
            <Table.Th>Recipients</Table.Th>
            <Table.Th>Timestamp</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td>{r.title}</Table.Td>
              <Table.Td>{r.body}</Table.Td>
              <Table.Td>
                {r.count}
                {r.sent + r.failed + r.pending > 0 && (
                  <Text size="xs" c="dimmed">
                    {`sent ${r.sent}, failed ${r.failed}, pending ${r.pending}`}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{historyTime(r.timestamp)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** /support/notifdashboard (product §2): administrators only; the gateway refuses others too. */
export function NotificationDashboard() {
  const user = useProfile();
  const [tab, setTab] = useState<string | null>('send');
  const [version, setVersion] = useState(0);
  if (user === undefined) return <Loader m="xl" />;
  if (!user?.isAdmin) {
    return (
      <Stack p="md" gap="xs">
        <Title order={2}>Not allowed</Title>
        <Text>The notification dashboard is for administrators only.</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" maw={820} mx="auto">
      <Title order={1} size="h2">
        Notification Dashboard
      </Title>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="send">Send</Tabs.Tab>
          <Tabs.Tab value="history">History</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="send">
          <SendTab onSent={() => setVersion((v) => v + 1)} />
        </Tabs.Panel>
        <Tabs.Panel value="history">
          <HistoryTab active={tab === 'history'} version={version} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
