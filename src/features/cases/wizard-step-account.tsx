import { Autocomplete, Button, Checkbox, Group, Stack, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { WHO_IS_THIS_REPORT_FOR } from '../../../contract/case-create';
import { LOOKUP_MIN_CHARS, type LookupRecord } from '../../../contract/cases';
import { lookup } from '../../api/wizard';
import { NewContactFields } from '../../components/new-contact-fields';
import { useDebouncedLookup } from '../../components/use-debounced-lookup';
import { waitingForController } from '../../domain/dependent-picklists';
import {
  canLeaveParties,
  chooseAccount,
  validateParties,
  type NewContactInput,
  type PartySelection,
} from '../../domain/new-contact';
import { StepButtons, type StepMoves } from './wizard-step-buttons';

export interface Parties extends PartySelection {
  accountName: string;
  contactName: string;
}

interface LookupQuery {
  field: string;
  q: string;
  accountId: string | undefined;
}

const lookupRecords = (query: LookupQuery, signal: AbortSignal) =>
  lookup(query.field, query.q, query.accountId, signal);

/** An account or contact typeahead's records: asked 250 ms after the typing stops. */
function useLookup(field: string, q: string, accountId: string | undefined, enabled: boolean) {
  const text = q.trim();
  const state = useDebouncedLookup<LookupQuery, LookupRecord[]>(
    enabled && text.length >= LOOKUP_MIN_CHARS ? { field, q: text, accountId } : null,
    lookupRecords,
    250,
  );
  if (state.status === 'done') return state.value;
  return state.status === 'loading' ? (state.last ?? []) : [];
}

const EMPTY_CONTACT: NewContactInput = { firstName: '', lastName: '', phone: '', email: '' };

/** Step 3.5's fields: 'Who is this Report for?' */
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

/** Step 3.5: the account and contact; Next needs them (or a new contact's fields). */
export function WizardStepAccount({
  onPrevious,
  onNext,
  value,
  onChange,
}: StepMoves & { value: Parties; onChange: (value: Parties) => void }) {
  const [checked, setChecked] = useState(false);
  const next = () => {
    setChecked(true);
    if (canLeaveParties(value)) onNext();
  };
  return (
    <>
      <PartiesStep value={value} showErrors={checked} onChange={onChange} />
      <StepButtons onPrevious={onPrevious} onNext={next} />
    </>
  );
}
