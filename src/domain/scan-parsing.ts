import { PIN_LENGTH, SERIAL_LENGTH } from '../../contract/machines';

/** What a scanned machine code names; any part may be missing. */
export interface ScannedMachine {
  model?: string;
  serial?: string;
  pin?: string;
}

/** product §5 prefixes. Checked in this order; printed labels use them upper-case. */
const PREFIXES: ReadonlyArray<readonly [string, keyof ScannedMachine]> = [
  ['PIN', 'pin'],
  ['WGN', 'model'],
  ['SN', 'serial'],
];

function prefixed(token: string): [keyof ScannedMachine, string] | null {
  for (const [prefix, key] of PREFIXES) {
    if (token.startsWith(prefix)) return [key, token.slice(prefix.length)];
  }
  return null;
}

/** product §5 / §9: the serial is the last 5 characters of the PIN. */
export function serialFromPin(pin: string): string {
  return pin.slice(-SERIAL_LENGTH);
}

/**
 * Parses the text of a scanned code (product §5 "Scan parsing"):
 * - tokens prefixed PIN give the PIN, WGN the model, SN the serial;
 * - with no prefixes and 2 or more tokens, the first is the model and the second a PIN if
 *   17 characters long, or a serial if 5;
 * - a single token is a PIN;
 * - when only a PIN is known, the serial is its last 5 characters.
 */
export function parseScannedCode(text: string): ScannedMachine {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  const out: ScannedMachine = {};
  if (tokens.length === 0) return out;

  const withPrefix = tokens.map(prefixed);
  if (withPrefix.some(Boolean)) {
    for (const p of withPrefix) {
      if (p && p[1] && out[p[0]] === undefined) out[p[0]] = p[1];
    }
  } else if (tokens.length >= 2) {
    const [model, second] = tokens as [string, string];
    out.model = model;
    if (second.length === PIN_LENGTH) out.pin = second;
    else if (second.length === SERIAL_LENGTH) out.serial = second;
  } else {
    out.pin = tokens[0];
  }

  if (out.pin && !out.serial) out.serial = serialFromPin(out.pin);
  return out;
}

/** Enough to open a machine detail (product §5: serial and model, or the PIN). */
export function isResolvable(m: ScannedMachine): boolean {
  return Boolean((m.serial && m.model) || m.pin);
}
