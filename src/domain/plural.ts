import { lazily } from './lazily';

const rules = lazily(() => new Intl.PluralRules('en-US'));

/** "1 change", "2 changes", "0 changes": the count with the noun form English asks for. */
export function countOf(n: number, forms: { one: string; other: string }): string {
  return `${n} ${rules().select(n) === 'one' ? forms.one : forms.other}`;
}

export const CHANGE = { one: 'change', other: 'changes' } as const;
export const MACHINE = { one: 'machine', other: 'machines' } as const;
/** "1 person", "3 people": the product's plural text keeps "people". */
export const PERSON = { one: 'person', other: 'people' } as const;
export const UNREAD_CASE = { one: 'unread case', other: 'unread cases' } as const;
