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
  defaultOptionsFilter,
  type OptionsFilter,
} from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import {
  CASE_CREATED_MESSAGE,
  CASE_CREATION_ERROR_MESSAGE,
  PARTS_FIELD_REQUIRED_MESSAGE,
  WHO_IS_THIS_REPORT_FOR,
  type Assembly,
} from '../../../contract/case-create';
import { LOOKUP_MIN_CHARS, type LookupRecord } from '../../../contract/cases';
import type { DtcCode } from '../../../contract/case-create';
import type { SearchResult } from '../../../contract/knowledge';
import { NetworkError } from '../../api/errors';
import { getCaseAssist, lookup } from '../../api/wizard';
import { NewContactFields } from '../../components/new-contact-fields';
import { keyPartOption, type FailureDetails } from '../../domain/case-payload';
import {
  chooseAccount,
  validateParties,
  type NewContactInput,
  type PartySelection,
} from '../../domain/new-contact';
import { waitingForController } from '../../domain/dependent-picklists';
import { FORMAT_MESSAGE } from '../../domain/dynamic-form';
import {
  inputDateToIso,
  isAfterToday,
  isoDayOf,
  isoToInputDate,
  parseInputDate,
} from '../../domain/wizard-dates';
import { dtcCodesFor, partsCatalogueFor } from '../../sync/wizard-lookups';

/*
 * The wizard's steps other than the form (product §2 Create case or report wizard; §5 Wizard
 * and New contact). Each step owns its inputs; the screen owns the moves.
 */

export const NO_ARTICLES_MESSAGE = 'No Knowledge Articles found';
/** product §4 Offline-first: a lookup that needs the server says so, as the others do. */
export const SUGGESTIONS_NEED_CONNECTION =
  'Knowledge suggestions need a connection. Press Next to go on with the case; it is sent when the device is back online.';
export const SUGGESTIONS_HEADING = 'Knowledge Suggestions';
export const FAILURE_DATE_FUTURE_MESSAGE = 'Failure Date cannot be in the future.';
/** A failure date half typed into the date input (the input itself holds no value then). */
export const UNFINISHED_DATE = 'unfinished';

/**
 * A choice already made lists every option when its list opens again: the chosen value is
 * not a search to narrow them by. Any other text narrows them as usual.
 */
export const everyOptionOnceChosen: OptionsFilter = (input) =>
  input.options.some((o) => 'value' in o && o.value === input.search)
    ? input.options.slice(0, input.limit)
    : (defaultOptionsFilter(input) as ReturnType<OptionsFilter>);

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
  const [codes, setCodes] = useState<DtcCode[]>([]);
  useEffect(() => {
    const ctl = new AbortController();
    dtcCodesFor(ownerUserId, model, ctl.signal)
      .then(setCodes)
      .catch(() => setCodes([]));
    return () => ctl.abort();
  }, [ownerUserId, model]);
  const descriptions = new Map(codes.map((c) => [c.code, c.description]));
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
        data={dtc.trim().length >= LOOKUP_MIN_CHARS ? codes.map((c) => c.code) : []}
        limit={20}
        // The code is what is sent; its description says which fault it is.
        renderOption={({ option }) => (
          <div>
            <Text size="sm">{option.value}</Text>
            {descriptions.get(option.value) && (
              <Text size="xs" c="dimmed">
                {descriptions.get(option.value)}
              </Text>
            )}
          </div>
        )}
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
  const [results, setResults] = useState<SearchResult[] | null | 'failed' | 'offline'>(null);
  const [open, setOpen] = useState<SearchResult | null>(null);
  useEffect(() => {
    const ctl = new AbortController();
    getCaseAssist(
      { subject: query.subject, dtc: query.dtc, serial: query.serial, model: query.model },
      ctl.signal,
    )
      .then(setResults)
      .catch((error: unknown) => {
        if (!ctl.signal.aborted) setResults(error instanceof NetworkError ? 'offline' : 'failed');
      });
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
      <Title order={2} size="h4">
        {SUGGESTIONS_HEADING}
      </Title>
      <Group>
        <Button color="green" onClick={() => onSolved(null)}>
          Solve Request
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel Request
        </Button>
      </Group>
      {results === null && <Loader aria-label="Loading suggestions" />}
      {results === 'offline' && <Alert color="yellow">{SUGGESTIONS_NEED_CONNECTION}</Alert>}
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

/** A failure date, when given, is a whole day that has come: not a half-typed one, not after today. */
export function failureDateError(text: string, today: Date): string | undefined {
  if (text.trim() === '') return undefined;
  if (!parseInputDate(text)) return FORMAT_MESSAGE;
  return isAfterToday(text, today) ? FAILURE_DATE_FUTURE_MESSAGE : undefined;
}

/**
 * product §5: Assembly, Sub Assembly and Causal Part are required on the parts step; a failure
 * date, when given, is a real MM/DD/YYYY day, today or before.
 */
export function failureErrors(f: FailureDetails, today = new Date()): FailureErrors {
  const errors: FailureErrors = {};
  for (const key of ['assembly', 'subAssembly', 'keyPart'] as const) {
    if (f[key].trim() === '') errors[key] = PARTS_FIELD_REQUIRED_MESSAGE;
  }
  const date = failureDateError(f.failureDate, today);
  if (date) errors.failureDate = date;
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
  // Said as soon as the date field is left; Next says it again (errors).
  const [dateError, setDateError] = useState<string | undefined>(undefined);
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
        filter={everyOptionOnceChosen}
        onChange={(v) => {
          // The same choice again keeps what was chosen under it.
          if (v === value[key]) return;
          onChange(
            key === 'assembly'
              ? { assembly: v, subAssembly: '', keyPart: '' }
              : key === 'subAssembly'
                ? { subAssembly: v, keyPart: '' }
                : { [key]: v },
          );
        }}
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
        // The device's own date picker; typed, it takes only digits, day by day.
        type="date"
        label="Failure Date"
        max={isoDayOf(new Date())}
        value={inputDateToIso(value.failureDate)}
        error={errors.failureDate ?? dateError}
        onChange={(e) => {
          const input = e.currentTarget;
          setDateError(undefined);
          // A half-typed date has no value: kept as unfinished, so Next refuses it.
          onChange({
            failureDate: input.validity.badInput ? UNFINISHED_DATE : isoToInputDate(input.value),
          });
        }}
        onBlur={(e) => {
          const input = e.currentTarget;
          const text = input.validity.badInput ? UNFINISHED_DATE : isoToInputDate(input.value);
          if (text !== value.failureDate) onChange({ failureDate: text });
          setDateError(failureDateError(text, new Date()));
        }}
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
  // The account as last chosen (its name), null once the text no longer names it.
  const chosenAccount = useRef<string | null>(value.accountId ? value.accountName : null);
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
        onChange={(text) => {
          setAccountText(text);
          // The list puts the chosen name in after the choice: that is no change.
          if (text === chosenAccount.current) return;
          // product §4: another account, or none, clears the contact, which waits for a choice.
          if (value.accountId) {
            chosenAccount.current = null;
            setContactText('');
            onChange({ ...chooseAccount(value, null), accountName: '', contactName: '' });
          }
        }}
        onOptionSubmit={(id) => {
          const name = accounts.find((a) => a.id === id)?.name ?? '';
          chosenAccount.current = name;
          setAccountText(name);
          const next = chooseAccount(value, id);
          setContactText(next.contactId ? value.contactName : '');
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
        description={value.accountId ? undefined : waitingForController('Account', 'AccountId')}
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
  online,
  onGoToCase,
}: {
  kind: 'Case' | 'Report';
  caseNumber: string | null;
  localReference: string;
  /** Online the record is on its way: only offline does it wait for the connection. */
  online: boolean;
  onGoToCase: (() => void) | null;
}) {
  const noun = kind === 'Report' ? 'report' : 'case';
  return (
    <Stack gap="sm" data-testid="wizard-confirmation">
      <Title order={2} size="h3">
        {CASE_CREATED_MESSAGE}
      </Title>
      {caseNumber ? (
        <Text>
          {kind} number: <strong>{caseNumber}</strong>
        </Text>
      ) : online ? (
        <Text>
          Sending your {noun}… Local reference: <strong>{localReference}</strong>
        </Text>
      ) : (
        <Text>
          Your {noun} will be sent when the device is back online. Local reference:{' '}
          <strong>{localReference}</strong>
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
