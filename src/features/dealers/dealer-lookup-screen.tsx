import { Button, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { Link } from 'react-router';
import { dealerQuerySchema } from '../../../contract/dealers';
import { StateSelect } from '../../components/state-select';
import { useOnline } from '../../components/use-online';
import { NEEDS_CONNECTION, useDealerLookup } from './use-dealer-lookup';

type DealerLookupInput = { city: string; state: string; name: string; number: string };
const empty: DealerLookupInput = { city: '', state: '', name: '', number: '' };

/** /support/sf/dealer/lookup (product §2 Dealer lookup, §5), internal users only. */
export function DealerLookupScreen() {
  const online = useOnline();
  const form = useForm<DealerLookupInput>({ initialValues: empty });
  // One message for the whole form, above the button: the rules span fields (at least one).
  const [formError, setFormError] = useState<string | null>(null);
  const { state, search } = useDealerLookup();

  const submit = form.onSubmit((input) => {
    // The gateway's own rules (contract/dealers.ts): trimmed fields, at least one of them.
    const parsed = dealerQuerySchema.safeParse(input);
    setFormError(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (parsed.success) void search(parsed.data);
  });

  return (
    <Stack gap="md" maw={560} mx="auto">
      <Title order={1} size="h2">
        Dealer Lookup
      </Title>
      {!online && (
        <Text c="orange.9" role="status">
          {NEEDS_CONNECTION}
        </Text>
      )}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="City" {...form.getInputProps('city')} />
          <StateSelect
            value={form.values.state}
            onChange={(code) => form.setFieldValue('state', code)}
          />
          <TextInput label="Dealer Name" {...form.getInputProps('name')} />
          <TextInput label="Dealer Number" {...form.getInputProps('number')} />
          {formError && (
            <Text c="red.8" role="alert">
              {formError}
            </Text>
          )}
          <Button type="submit" loading={state.status === 'loading'}>
            Search
          </Button>
        </Stack>
      </form>

      {state.status === 'loading' && <Loader m="auto" />}
      {state.status === 'error' && (
        <Text c="red.8" role="alert">
          {state.message}
        </Text>
      )}
      {state.status === 'done' && state.dealers.length === 0 && (
        <Text c="dimmed">No dealers found.</Text>
      )}
      {state.status === 'done' &&
        state.dealers.map((d) => (
          <Paper
            key={d.id}
            withBorder
            p="sm"
            component={Link}
            to={`/support/dealer/cases/${encodeURIComponent(d.id)}`}
            style={{ textDecoration: 'none', color: 'inherit' }}
          >
            <Text fw={700}>{d.name}</Text>
            <Text size="sm" c="dimmed">
              {[d.number, [d.city, d.state].filter(Boolean).join(', ')].filter(Boolean).join(' · ')}
            </Text>
          </Paper>
        ))}
    </Stack>
  );
}
