/*
 * The kinds of record the wizard creates (product §4: a case or a report), apart from the case
 * schemas: Home's queued cases read a created record's kind without loading them.
 */
export const RECORD_KINDS = ['Case', 'Report'] as const;
