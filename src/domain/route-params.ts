/**
 * Route params are prefixed tokens (product §2): sn- serial, mn- model, pin- PIN, case- case id.
 * product.md: "A value starts after a 3-character prefix, or 4 for pin-". `case-` is 5 characters
 * long, but the observed app cut 3 for it too; Torque reads the value after the whole prefix
 * for case- (a case id never starts with "e-"), which is what every link it builds expects.
 */
export type RouteParamKind = 'serial' | 'model' | 'pin' | 'case';

const prefixes: ReadonlyArray<readonly [string, RouteParamKind]> = [
  ['pin-', 'pin'],
  ['case-', 'case'],
  ['sn-', 'serial'],
  ['mn-', 'model'],
];

export interface RouteParam {
  kind: RouteParamKind;
  value: string;
}

/** Parses one prefixed token; null when it carries no known prefix or no value. */
export function parseRouteParam(token: string | undefined | null): RouteParam | null {
  if (!token) return null;
  const lower = token.toLowerCase();
  for (const [prefix, kind] of prefixes) {
    if (lower.startsWith(prefix)) {
      const value = token.slice(prefix.length);
      return value ? { kind, value } : null;
    }
  }
  return null;
}

export interface MachineRouteParams {
  serial?: string;
  model?: string;
  pin?: string;
  caseId?: string;
}

/** Reads :param1/:param2/:param3 in any order into one object; unknown tokens are ignored. */
export function parseMachineRouteParams(
  ...tokens: ReadonlyArray<string | undefined | null>
): MachineRouteParams {
  const out: MachineRouteParams = {};
  for (const token of tokens) {
    const p = parseRouteParam(token);
    if (!p) continue;
    if (p.kind === 'serial') out.serial = p.value;
    else if (p.kind === 'model') out.model = p.value;
    else if (p.kind === 'pin') out.pin = p.value;
    else out.caseId = p.value;
  }
  return out;
}

/** Builds the path segments for a machine, e.g. `sn-12345/mn-M5-111` or `pin-…`. */
export function machinePathSegments(m: { serial?: string; model?: string; pin?: string }): string {
  const parts: string[] = [];
  if (m.serial && m.model) {
    parts.push(`sn-${encodeURIComponent(m.serial)}`, `mn-${encodeURIComponent(m.model)}`);
  }
  if (m.pin) parts.push(`pin-${encodeURIComponent(m.pin)}`);
  return parts.join('/');
}
