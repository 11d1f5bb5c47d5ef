/** product §4 / §9: the inactivity warning after 14 minutes, the forced logout 60 s later. */
export const SESSION_IDLE_MS = 14 * 60 * 1000;
export const SESSION_GRACE_MS = 60 * 1000;

/** Input that counts as "using the app" and restarts the 14 minutes. */
export const SESSION_ACTIVITY_EVENTS = [
  'pointerdown',
  'keydown',
  'touchstart',
  'wheel',
  'scroll',
  'mousemove',
] as const;

export function sessionWarningText(productName: string): string {
  return `Your ${productName} Web App Session is about to expire. Please continue using the app to avoid being logged out.`;
}
