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
import { useForm } from '@mantine/form';
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
  const [count, setCount] = useState<number | null>(null);
  // product §4 Notification form: any edit turns the button back to Validate.
  const form = useForm<FormState>({ initialValues: EMPTY, onValuesChange: () => setCount(null) });
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const nextKey = useRef(1);
  const { filters, type } = form.values;
  const used = new Set(filters.map((r) => r.field));

  const validate = async () => {
    const problem = formProblem(form.values);
    if (problem) {
      setFeedback({ color: 'red', text: problem });
      return;
    }
    setBusy(true);
    setFeedback(null);
    try {
      const res = await sendNotification(toRequest(form.values, false));
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
      const res = await sendNotification(toRequest(form.values, true), crypto.randomUUID());
      if (res.success) {
        setFeedback({ color: 'green', text: sentMessage(res.count) });
        form.setValues(EMPTY);
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
        value={type}
        onChange={(v) => form.setFieldValue('type', v as MessageType | null)}
      />
      <TextInput label="Title" required {...form.getInputProps('title')} />
      <Textarea label="Body" required rows={3} {...form.getInputProps('body')} />
      {type === 'Knowledge' && (
        <>
          <Select
            label="Facet"
            required
            allowDeselect={false}
            data={[...KNOWLEDGE_FACETS]}
            {...form.getInputProps('knowledgeCategory')}
          />
          <TextInput label="Search Text" required {...form.getInputProps('searchTerm')} />
        </>
      )}
      {type === 'Machine' && (
        <>
          <TextInput label="Model Number" required {...form.getInputProps('modelNumber')} />
          <TextInput label="Serial Number" required {...form.getInputProps('serialNumber')} />
        </>
      )}
      <Title order={3} size="h5">
        Filters
      </Title>
      {filters.map((r, i) => (
        <FilterRowFields
          key={r.key}
          row={r}
          index={i}
          used={used}
          onChange={(patch) => form.replaceListItem('filters', i, { ...r, ...patch })}
          onRemove={() => form.removeListItem('filters', i)}
        />
      ))}
      <Group>
        <Button
          variant="default"
          disabled={filters.length >= FILTER_FIELDS.length}
          onClick={() =>
            form.insertListItem('filters', {
              key: nextKey.current++,
              field: null,
              operator: null,
              value: '',
            } satisfies FilterRow)
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
