import { lazily } from './lazily';

const rules = lazily(() => new Intl.PluralRules('en-US'));
const numbers = lazily(() => new Intl.NumberFormat('en-US'));

/** "6,000": a count as the product writes numbers, with a thousands separator. */
export function formatCount(n: number): string {
  return numbers().format(n);
}

/** "1 change", "2 changes", "6,000 claims": the count with the noun form English asks for. */
export function countOf(n: number, forms: { one: string; other: string }): string {
  return `${formatCount(n)} ${rules().select(n) === 'one' ? forms.one : forms.other}`;
}

export const CHANGE = { one: 'change', other: 'changes' } as const;
export const MACHINE = { one: 'machine', other: 'machines' } as const;
export const MODEL = { one: 'model', other: 'models' } as const;
export const PAST_CLAIM = { one: 'past claim', other: 'past claims' } as const;
/** "1 person", "3 people": the product's plural text keeps "people". */
export const PERSON = { one: 'person', other: 'people' } as const;
export const UNREAD_CASE = { one: 'unread case', other: 'unread cases' } as const;
