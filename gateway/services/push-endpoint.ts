import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { GatewayConfig } from '../config';

/*
 * Where the gateway may send a Web Push: only to the push services browsers use, never inside
 * (docs/gateway.md "Notifications"). A device's endpoint is checked when it is registered and
 * again before every push; the connection itself goes only to an address checked here, so a
 * name that resolves elsewhere between the check and the connect (DNS rebinding) gets nowhere.
 */

export type PushEndpointPolicy = Pick<GatewayConfig, 'pushServiceHosts' | 'pushPermittedAddresses'>;

export const REFUSED_ENDPOINT_MESSAGE =
  'The push endpoint must be an https address of a known push service (Chrome, Edge, Firefox, Safari or Windows)';

/** Why an endpoint is refused, or null when a push may go there. */
export function refusedEndpoint(endpoint: string, policy: PushEndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'The push endpoint is not a URL';
  }
  if (url.protocol !== 'https:') return REFUSED_ENDPOINT_MESSAGE;
  if (url.username !== '' || url.password !== '') {
    return 'The push endpoint must not carry a user name or password';
  }
  // The WHATWG parser has already turned 0x7f000001, 2130706433 or [::1] into plain addresses.
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (isIP(host) !== 0) return 'The push endpoint must name its push service, not an address';
  const port = url.port === '' ? 443 : Number(url.port);
  const allowed = policy.pushServiceHosts.some((entry) => {
    const [pattern, entryPort] = entry.split(':') as [string, string | undefined];
    if (port !== (entryPort === undefined ? 443 : Number(entryPort))) return false;
    if (pattern.startsWith('*.')) return host.endsWith(pattern.slice(1));
    return host === pattern || host.endsWith(`.${pattern}`);
  });
  return allowed ? null : REFUSED_ENDPOINT_MESSAGE;
}

/**
 * Loopback, private, link-local, shared, documentation, multicast and the other special-use
 * ranges (IANA special-purpose registries). BlockList checks an IPv4-mapped address
 * (::ffff:a.b.c.d) by its IPv4 rules; NAT64 and 6to4 addresses, which embed an IPv4 address a
 * push service would not hide behind, are refused whole.
 */
const RESERVED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  RESERVED.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  RESERVED.addSubnet(net, prefix, 'ipv6');
}

/** Whether a push may connect to this address. */
export function permittedAddress(address: string, policy: PushEndpointPolicy): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (policy.pushPermittedAddresses.includes(address.toLowerCase())) return true;
  return !RESERVED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The error a push to an internal address fails with (never retried). */
export const INTERNAL_ADDRESS = 'EPUSHINTERNAL';

/**
 * A `lookup` for the push agent: resolves the name, keeps only permitted addresses and hands
 * those to the connect, which then goes exactly there.
 */
export function pushLookup(policy: PushEndpointPolicy): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family ?? 0 }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const ok = (addresses as LookupAddress[]).filter((a) => permittedAddress(a.address, policy));
      if (ok.length === 0) {
        const refused = Object.assign(
          new Error(`${hostname} resolves only to internal addresses; push not sent`),
          { code: INTERNAL_ADDRESS },
        );
        return callback(refused, '', 0);
      }
      if (options.all) {
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, ok);
      } else {
        callback(null, ok[0]!.address, ok[0]!.family);
      }
    });
  };
}
