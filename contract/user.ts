// zod/mini: the sign-in screen reads these, and classic zod is too heavy for its first load.
import { z } from 'zod/mini';

/** product §1/§4: internal = CRM user type STANDARD, or account record type OEM Account. */
export const INTERNAL_USER_TYPE = 'STANDARD';
export const OEM_ACCOUNT_RECORD_TYPE = 'OEM Account';

export const userKindSchema = z.enum(['internal', 'external']);
export type UserKind = z.infer<typeof userKindSchema>;

/**
 * The one user-type rule, shared because the gateway enforces it and the PWA displays it.
 * Comparison is exact, as the CRM stores these picklist values verbatim.
 */
export function userKindOf(user: {
  userType: string | null;
  accountRecordType: string | null;
}): UserKind {
  return user.userType === INTERNAL_USER_TYPE || user.accountRecordType === OEM_ACCOUNT_RECORD_TYPE
    ? 'internal'
    : 'external';
}

/** The signed-in user record (product §3 "Logged-in user"), camel-cased, plus Torque's own fields. */
export const userSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.nullable(z.string()),
  accountId: z.nullable(z.string()),
  accountNumber: z.nullable(z.string()),
  accountName: z.nullable(z.string()),
  accountRecordType: z.nullable(z.string()),
  contactId: z.nullable(z.string()),
  contactName: z.nullable(z.string()),
  contactEmail: z.nullable(z.string()),
  contactPhone: z.nullable(z.string()),
  isAdmin: z.boolean(),
  /** ISO date-time; null when the identity provider does not expire passwords. */
  passwordExpiresAt: z.nullable(z.string()),
  kind: userKindSchema,
});
export type User = z.infer<typeof userSchema>;
