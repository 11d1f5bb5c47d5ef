import {
  Alert,
  Button,
  Group,
  Modal,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useRef, useState } from 'react';
import {
  FILTER_FIELDS,
  KNOWLEDGE_FACETS,
  NO_RECIPIENTS_MESSAGE,
  sentMessage,
} from '../../../contract/notifications';
import { ApiError } from '../../api/errors';
import { sendNotification } from '../../api/notifications';
import { countOf, PERSON } from '../../domain/plural';
import { FilterRowFields, type FilterRow } from './notification-filters';
import {
  EMPTY,
  formProblem,
  toRequest,
  type FormState,
  type MessageType,
} from './notification-send-form';

/* The notification dashboard's Send tab (product §2 Notification dashboard; §4, §5 Notification form). */

type Feedback = { color: 'green' | 'yellow' | 'red'; text: string } | null;

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

export function SendTab({ onSent }: { onSent: () => void }) {
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
