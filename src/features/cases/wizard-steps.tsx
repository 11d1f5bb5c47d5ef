import {
  Alert,
  Anchor,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import {
  CASE_CREATED_MESSAGE,
  CASE_CREATION_ERROR_MESSAGE,
  PARTS_FIELD_REQUIRED_MESSAGE,
  WHO_IS_THIS_REPORT_FOR,
  type Assembly,
} from '../../../contract/case-create';
import { LOOKUP_MIN_CHARS, type LookupRecord } from '../../../contract/cases';
import type { SearchResult } from '../../../contract/knowledge';
import { getCaseAssist, lookup } from '../../api/wizard';
import { NewContactFields } from '../../components/new-contact-fields';
import { keyPartOption, type FailureDetails } from '../../domain/case-payload';
import {
  chooseAccount,
  validateParties,
  type NewContactInput,
  type PartySelection,
} from '../../domain/new-contact';
import { FORMAT_MESSAGE } from '../../domain/dynamic-form';
import { DATE_INPUT_FORMAT, parseInputDate, typedDate } from '../../domain/wizard-dates';
import { dtcCodesFor, partsCatalogueFor } from '../../sync/wizard-lookups';

/*
 * The wizard's steps other than the form (product §2 Create case or report wizard; §5 Wizard
 * and New contact). Each step owns its inputs; the screen owns the moves.
 */

export const NO_ARTICLES_MESSAGE = 'No Knowledge Articles found';

/** `waiting`: what Next waits for ("Converting photo…"), said on the button while it waits. */
export function StepButtons({
  onPrevious,
  onNext,
  nextLabel = 'Next',
  waiting = null,
}: {
  onPrevious: () => void;
  onNext?: () => void;
  nextLabel?: string;
  waiting?: string | null;
}) {
  return (
    <Group justify="space-between" mt="md">
      <Button variant="default" onClick={onPrevious}>
        Previous
      </Button>
      {onNext && (
        <Button
          onClick={onNext}
          disabled={!!waiting}
          leftSection={waiting ? <Loader size="xs" /> : undefined}
        >
          {waiting ?? nextLabel}
        </Button>
      )}
    </Group>
  );
}

/** Step 1: Subject and DTC code (the model's DTC values from 3 characters). */
export function SymptomStep({
  ownerUserId,
  model,
  subject,
  dtc,
  error,
  onChange,
}: {
  ownerUserId: string;
  model: string;
  subject: string;
  dtc: string;
  error: string | null;
  onChange: (change: { subject?: string; dtc?: string }) => void;
}) {
  const [codes, setCodes] = useState<string[]>([]);
  useEffect(() => {
    const ctl = new AbortController();
    dtcCodesFor(ownerUserId, model, ctl.signal)
      .then((c) => setCodes(c.map((x) => x.code)))
      .catch(() => setCodes([]));
    return () => ctl.abort();
  }, [ownerUserId, model]);
  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <TextInput
        label="Subject"
        required
        value={subject}
        onChange={(e) => onChange({ subject: e.currentTarget.value })}
      />
      <Autocomplete
        label="DTC Code"
        value={dtc}
        data={dtc.trim().length >= LOOKUP_MIN_CHARS ? codes : []}
        limit={20}
        onChange={(value) => onChange({ dtc: value })}
      />
    </Stack>
  );
}

/** Step 2: up to 6 articles; one opens in place and the user comes back to the list. */
export function SuggestionsStep({
  query,
  onOpened,
  onSolved,
  onCancel,
}: {
  query: { subject: string; dtc: string; serial: string; model: string };
  onOpened: (id: string) => void;
  onSolved: (articleId: string | null) => void;
  onCancel: () => void;
}) {
  const [results, setResults] = useState<SearchResult[] | null | 'failed'>(null);
  const [open, setOpen] = useState<SearchResult | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    getCaseAssist(
      { subject: query.subject, dtc: query.dtc, serial: query.serial, model: query.model },
      ctl.signal,
    )
      .then(setResults)
      .catch(() => setResults('failed'));
    return () => ctl.abort();
  }, [query.subject, query.dtc, query.serial, query.model]);

  if (open) {
    return (
      <Paper withBorder p="md" data-testid="suggestion-article">
        <Title order={3} size="h5">
          {open.title}
        </Title>
        <Text mt="sm">{open.excerpt}</Text>
        <Group mt="md">
          <Button variant="default" onClick={() => setOpen(null)}>
            Back to suggestions
          </Button>
          <Anchor href={open.clickUri} target="_blank" rel="noreferrer">
            Open the full article
          </Anchor>
        </Group>
      </Paper>
    );
  }
  // The buttons come before the list: suggestions arrive after the step shows, and a button
  // below them would move under a finger about to tap it.
  return (
    <Stack gap="sm">
      <Group>
        <Button color="green" onClick={() => onSolved(null)}>
          Solve Request
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel Request
        </Button>
      </Group>
      {results === null && <Loader aria-label="Loading suggestions" />}
      {(results === 'failed' || (Array.isArray(results) && results.length === 0)) && (
        <Alert color="yellow">{NO_ARTICLES_MESSAGE}</Alert>
      )}
      {Array.isArray(results) &&
        results.map((r) => (
          <Paper key={r.uniqueId} withBorder p="sm" data-testid="suggestion">
            <Anchor
              component="button"
              type="button"
              onClick={() => {
                setOpen(r);
                onOpened(r.uniqueId);
              }}
            >
              {r.title}
            </Anchor>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {r.excerpt}
            </Text>
          </Paper>
        ))}
    </Stack>
  );
}

export type FailureErrors = Partial<Record<keyof FailureDetails, string>>;

/**
 * product §5: Assembly, Sub Assembly and Causal Part are required on the parts step; a failure
 * date, when given, is a real MM/DD/YYYY day.
 */
export function failureErrors(f: FailureDetails): FailureErrors {
  const errors: FailureErrors = {};
  for (const key of ['assembly', 'subAssembly', 'keyPart'] as const) {
    if (f[key].trim() === '') errors[key] = PARTS_FIELD_REQUIRED_MESSAGE;
  }
  if (f.failureDate.trim() !== '' && !parseInputDate(f.failureDate)) {
    errors.failureDate = FORMAT_MESSAGE;
  }
  return errors;
}

/** Step 3: the parts catalogue's tree, or free text when it is not there (10 s, offline). */
export function FailureStep({
  ownerUserId,
  model,
  value,
  errors,
  onChange,
}: {
  ownerUserId: string;
  model: string;
  value: FailureDetails;
  errors: FailureErrors;
  onChange: (change: Partial<FailureDetails>) => void;
}) {
  const [tree, setTree] = useState<Assembly[] | null | 'free-text'>(null);
  useEffect(() => {
    const ctl = new AbortController();
    partsCatalogueFor(ownerUserId, model, ctl.signal)
      .then((c) => setTree(c.assemblies.length > 0 ? c.assemblies : 'free-text'))
      .catch(() => {
        if (!ctl.signal.aborted) setTree('free-text');
      });
    return () => ctl.abort();
  }, [ownerUserId, model]);

  if (tree === null) return <Loader aria-label="Loading the parts catalogue" />;
  const assembly = tree === 'free-text' ? null : tree.find((a) => a.name === value.assembly);
  const sub = assembly?.subAssemblies.find((s) => s.name === value.subAssembly);
  const choice = (label: string, key: keyof FailureDetails, data: string[] | null) =>
    data ? (
      <Autocomplete
        label={label}
        required
        data={data}
        value={value[key]}
        error={errors[key]}
        onChange={(v) =>
          onChange(
            key === 'assembly'
              ? { assembly: v, subAssembly: '', keyPart: '' }
              : key === 'subAssembly'
                ? { subAssembly: v, keyPart: '' }
                : { [key]: v },
          )
        }
      />
    ) : (
      <TextInput
        label={label}
        required
        value={value[key]}
        error={errors[key]}
        onChange={(e) => onChange({ [key]: e.currentTarget.value })}
      />
    );
  return (
    <Stack gap="sm">
      {tree === 'free-text' && (
        <Text size="sm" c="dimmed">
          The parts catalogue is not available: type the assembly, sub assembly and causal part.
        </Text>
      )}
      {choice('Assembly', 'assembly', tree === 'free-text' ? null : tree.map((a) => a.name))}
      {choice(
        'Sub Assembly',
        'subAssembly',
        tree === 'free-text' ? null : (assembly?.subAssemblies.map((s) => s.name) ?? []),
      )}
      {choice(
        'Causal Part',
        'keyPart',
        tree === 'free-text' ? null : (sub?.parts.map(keyPartOption) ?? []),
      )}
      <TextInput
        label="Failure Date"
        placeholder={DATE_INPUT_FORMAT}
        inputMode="numeric"
        value={value.failureDate}
        error={errors.failureDate}
        onChange={(e) => onChange({ failureDate: typedDate(e.currentTarget.value) })}
      />
      <Textarea
        label="Probable Cause Remarks"
        value={value.probableCauseRemarks}
        onChange={(e) => onChange({ probableCauseRemarks: e.currentTarget.value })}
      />
    </Stack>
  );
}

export interface Parties extends PartySelection {
  accountName: string;
  contactName: string;
}

function useLookup(field: string, q: string, accountId: string | undefined, enabled: boolean) {
  const [records, setRecords] = useState<LookupRecord[]>([]);
  useEffect(() => {
    if (!enabled || q.trim().length < LOOKUP_MIN_CHARS) return;
    const ctl = new AbortController();
    const t = setTimeout(() => {
      lookup(field, q.trim(), accountId, ctl.signal)
        .then(setRecords)
        .catch(() => setRecords([]));
    }, 250);
    return () => {
      clearTimeout(t);
      ctl.abort();
    };
  }, [field, q, accountId, enabled]);
  return records;
}

const EMPTY_CONTACT: NewContactInput = { firstName: '', lastName: '', phone: '', email: '' };

/** Step 3.5: 'Who is this Report for?' */
export function PartiesStep({
  value,
  showErrors,
  onChange,
}: {
  value: Parties;
  showErrors: boolean;
  onChange: (value: Parties) => void;
}) {
  const [accountText, setAccountText] = useState(value.accountName);
  const [contactText, setContactText] = useState(value.contactName);
  const accounts = useLookup(
    'AccountId',
    accountText,
    undefined,
    accountText !== value.accountName,
  );
  const contacts = useLookup(
    'ContactId',
    contactText,
    value.accountId ?? undefined,
    !!value.accountId && contactText !== value.contactName,
  );
  const errors = showErrors ? validateParties(value) : {};
  const nc = value.newContact;

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {WHO_IS_THIS_REPORT_FOR}
      </Title>
      <Autocomplete
        label="Account"
        required
        value={accountText}
        data={accounts.map((a) => ({ value: a.id, label: a.name }))}
        error={errors.account}
        onChange={setAccountText}
        onOptionSubmit={(id) => {
          const name = accounts.find((a) => a.id === id)?.name ?? '';
          setAccountText(name);
          setContactText('');
          const next = chooseAccount(value, id);
          onChange({
            ...next,
            accountName: name,
            contactName: next.contactId ? value.contactName : '',
          });
        }}
      />
      <Autocomplete
        label="Contact"
        required={!nc}
        disabled={!value.accountId || !!nc}
        value={contactText}
        data={contacts.map((c) => ({ value: c.id, label: c.name }))}
        error={errors.contact}
        onChange={setContactText}
        onOptionSubmit={(id) => {
          const name = contacts.find((c) => c.id === id)?.name ?? '';
          setContactText(name);
          onChange({ ...value, contactId: id, contactName: name });
        }}
      />
      <Group>
        <Checkbox
          label="Create New Contact?"
          checked={!!nc}
          onChange={(e) =>
            onChange({ ...value, newContact: e.currentTarget.checked ? EMPTY_CONTACT : null })
          }
        />
        <Button
          variant="subtle"
          onClick={() => {
            setContactText('');
            onChange({ ...value, contactId: null, contactName: '', newContact: null });
          }}
        >
          Clear Contact
        </Button>
      </Group>
      {nc && (
        <Stack gap="xs">
          <NewContactFields
            value={nc}
            errors={errors.newContact}
            onChange={(next) => onChange({ ...value, newContact: next })}
          />
        </Stack>
      )}
    </Stack>
  );
}

/** Step 6: the confirmation. */
export function ConfirmationStep({
  kind,
  caseNumber,
  localReference,
  onGoToCase,
}: {
  kind: 'Case' | 'Report';
  caseNumber: string | null;
  localReference: string;
  onGoToCase: (() => void) | null;
}) {
  return (
    <Stack gap="sm" data-testid="wizard-confirmation">
      <Title order={2} size="h3">
        {CASE_CREATED_MESSAGE}
      </Title>
      {caseNumber ? (
        <Text>
          {kind} number: <strong>{caseNumber}</strong>
        </Text>
      ) : (
        <Text>
          Your {kind === 'Report' ? 'report' : 'case'} will be sent when the device is back online.
          Local reference: <strong>{localReference}</strong>
        </Text>
      )}
      {onGoToCase && (
        <Button onClick={onGoToCase}>{kind === 'Report' ? 'GO TO REPORT' : 'GO TO CASE'}</Button>
      )}
    </Stack>
  );
}

export function ErrorStep({ message, onRestart }: { message: string; onRestart: () => void }) {
  return (
    <Stack gap="sm">
      <Alert color="red" role="alert">
        {message || CASE_CREATION_ERROR_MESSAGE}
      </Alert>
      <Button onClick={onRestart}>Restart</Button>
    </Stack>
  );
}
