import {
  INCOMPLETE_FILTERS_MESSAGE,
  MISSING_FIELDS_MESSAGE,
  normaliseFilterValue,
  type KNOWLEDGE_FACETS,
} from '../../../contract/notifications';
import type { SendRequest } from '../../api/notifications';
import type { FilterRow } from './notification-filters';

/* The Send tab's form: what it holds, what is missing, and the request it makes (product §5). */

export type MessageType = 'Knowledge' | 'Machine';

export interface FormState {
  type: MessageType | null;
  title: string;
  body: string;
  knowledgeCategory: string | null;
  searchTerm: string;
  modelNumber: string;
  serialNumber: string;
  filters: FilterRow[];
}

export const EMPTY: FormState = {
  type: null,
  title: '',
  body: '',
  knowledgeCategory: null,
  searchTerm: '',
  modelNumber: '',
  serialNumber: '',
  filters: [],
};

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

export function toRequest(f: FormState, execute: boolean): SendRequest {
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
