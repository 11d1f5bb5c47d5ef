import { markCaseRead } from '../../contract/endpoints/cases';
import { declaredWrite } from './declared-write';

/** A case opened on this device: read as of `readAt` (ISO), for the gateway to keep per user. */
export interface CaseReadPayload {
  /** The case id (not `caseId`: a read mark is no change to the case, its screen lists none). */
  id: string;
  readAt: string;
}

export const caseReadKinds = {
  'case-read': declaredWrite(markCaseRead, {
    params: (payload: CaseReadPayload) => ({ id: payload.id }),
    body: (payload) => ({ readAt: payload.readAt }),
  }),
};
