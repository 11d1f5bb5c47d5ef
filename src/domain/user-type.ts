/**
 * User type (product §1, §3): internal = CRM user type STANDARD or account record type OEM
 * Account. The rule itself lives in contract/ because the gateway enforces it.
 */
export { userKindOf, INTERNAL_USER_TYPE, OEM_ACCOUNT_RECORD_TYPE } from '../../contract/user';
export type { UserKind } from '../../contract/user';

/**
 * product §3 keeps the user type base64-encoded in local storage. It is a display hint only
 * (the gateway decides every role rule), so a value that does not decode is treated as absent.
 */
export function encodeUserType(userType: string): string {
  const bytes = new TextEncoder().encode(userType);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

export function decodeUserType(stored: string | null | undefined): string | null {
  if (!stored) return null;
  try {
    const binary = atob(stored);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
