import type { CreateCaseResponse } from '../../contract/case-create';
import { RECORD_KINDS } from '../../contract/record-kinds';

/*
 * The created case a sent case-create keeps as its result. The replayer keeps a result only once
 * the declared answer schema accepted it (replayer.ts `checked`), so reading it back needs no
 * schema: this tells a kept answer from anything else field by field, and Home's queued cases
 * do not bring the case schemas (and zod's share of them) into the first screen.
 */

const TEXT_FIELDS = ['id', 'caseNumber', 'recordTypeId', 'status', 'createdAt'] as const;

export function createdCaseIn(result: unknown): CreateCaseResponse | undefined {
  if (typeof result !== 'object' || result === null) return undefined;
  const r = result as Record<string, unknown>;
  if (!TEXT_FIELDS.every((name) => typeof r[name] === 'string')) return undefined;
  if (!(RECORD_KINDS as readonly unknown[]).includes(r.recordType)) return undefined;
  const created = r as CreateCaseResponse;
  return {
    id: created.id,
    caseNumber: created.caseNumber,
    recordType: created.recordType,
    recordTypeId: created.recordTypeId,
    status: created.status,
    createdAt: created.createdAt,
  };
}
