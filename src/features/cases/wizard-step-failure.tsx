import {
  Autocomplete,
  Loader,
  Stack,
  Text,
  TextInput,
  Textarea,
  defaultOptionsFilter,
  type OptionsFilter,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { PARTS_FIELD_REQUIRED_MESSAGE, type Assembly } from '../../../contract/case-create';
import { keyPartOption, type FailureDetails } from '../../domain/case-payload';
import { FORMAT_MESSAGE } from '../../domain/dynamic-form';
import {
  inputDateToIso,
  isAfterToday,
  isoDayOf,
  isoToInputDate,
  parseInputDate,
} from '../../domain/wizard-dates';
import { partsCatalogueFor } from '../../sync/wizard-lookups';
import { StepButtons, type StepMoves } from './wizard-step-buttons';

export const FAILURE_DATE_FUTURE_MESSAGE = 'Failure Date cannot be in the future.';
/** A failure date half typed into the date input (the input itself holds no value then). */
export const UNFINISHED_DATE = 'unfinished';

export const EMPTY_FAILURE: FailureDetails = {
  assembly: '',
  subAssembly: '',
  keyPart: '',
  failureDate: '',
  probableCauseRemarks: '',
};

/**
 * A choice already made lists every option when its list opens again: the chosen value is
 * not a search to narrow them by. Any other text narrows them as usual.
 */
export const everyOptionOnceChosen: OptionsFilter = (input) =>
  input.options.some((o) => 'value' in o && o.value === input.search)
    ? input.options.slice(0, input.limit)
    : (defaultOptionsFilter(input) as ReturnType<OptionsFilter>);

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

interface FailureProps {
  ownerUserId: string;
  model: string;
  value: FailureDetails;
  onChange: (change: Partial<FailureDetails>) => void;
}

/** Step 3's fields: the parts catalogue's tree, or free text when it is not there (10 s, offline). */
export function FailureStep({
  ownerUserId,
  model,
  value,
  errors,
  onChange,
}: FailureProps & { errors: FailureErrors }) {
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

/** Step 3: the failure details; Next checks them (product §5). */
export function WizardStepFailure({ onPrevious, onNext, ...fields }: StepMoves & FailureProps) {
  const [errors, setErrors] = useState<FailureErrors>({});
  const next = () => {
    const found = failureErrors(fields.value);
    setErrors(found);
    if (Object.keys(found).length === 0) onNext();
  };
  // What Next said of a field is about what it held then: once changed, the field's own check
  // (the date's, when it is left) speaks instead of a stale one.
  const onChange = (change: Partial<FailureDetails>) => {
    setErrors((was) => {
      const kept = { ...was };
      for (const key of Object.keys(change)) delete kept[key as keyof FailureErrors];
      return kept;
    });
    fields.onChange(change);
  };
  return (
    <>
      <FailureStep {...fields} onChange={onChange} errors={errors} />
      <StepButtons onPrevious={onPrevious} onNext={next} />
    </>
  );
}
