import { readFileSync } from 'node:fs';
import https from 'node:https';
import { createSecureContext, rootCertificates } from 'node:tls';
import webpush, { WebPushError } from 'web-push';
import type { PushPayload } from '../../contract/notifications';
import type { GatewayConfig } from '../config';
import { toNotification, type NotificationRecord } from './notifications';
import { INTERNAL_ADDRESS, pushLookup, refusedEndpoint } from './push-endpoint';

/** The VAPID pair pushes are signed with. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** A claimed push: the message and the device it goes to (null once the device is removed). */
export interface ClaimedPush extends NotificationRecord {
  delivery_id: string;
  device_id: string | null;
  endpoint: string | null;
  p256dh: string | null;
  auth: string | null;
}

/** What the push service made of one push. */
export type PushOutcome =
  | { kind: 'sent' }
  | { kind: 'gone'; error: string }
  | { kind: 'retry'; error: string }
  | { kind: 'failed'; error: string };

/** Errors raised before a request could reach the push service: safe to try again. */
const NOT_REACHED = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

export type PushSendConfig = Pick<
  GatewayConfig,
  'vapidSubject' | 'pushCaFile' | 'pushServiceHosts' | 'pushPermittedAddresses'
>;

/**
 * Sends pushes to the push services: one kept-alive connection pool for all of them, every
 * connection to an address the endpoint rules checked, VAPID headers signed once per origin.
 */
export class PushSender {
  private readonly agent: https.Agent;
  /** Signed VAPID headers by push service origin: one signature per origin and half day. */
  private readonly vapidHeaders = new Map<string, { value: string; expires: number }>();

  constructor(
    private readonly config: PushSendConfig,
    concurrency: number,
  ) {
    // One TLS context built once: an Agent given `ca` itself would fold the whole CA list
    // into every request's pool key (and build a context per connection).
    const secureContext = config.pushCaFile
      ? createSecureContext({ ca: [...rootCertificates, readFileSync(config.pushCaFile, 'utf8')] })
      : undefined;
    // An idle-socket time-out lets Node close a kept-alive socket before the push service's
    // announced keep-alive time-out (without one, that hint is ignored and a reused socket the
    // service just closed fails a push).
    this.agent = new https.Agent({
      keepAlive: true,
      maxSockets: concurrency,
      timeout: 30_000,
      secureContext,
      // Every connection goes to an address this lookup checked: none inside.
      lookup: pushLookup(config),
    });
  }

  /** Closes the kept-alive connections. */
  destroy(): void {
    this.agent.destroy();
  }

  private vapidHeader(endpoint: string, vapid: VapidKeys): string {
    const audience = new URL(endpoint).origin;
    const now = Math.floor(Date.now() / 1000);
    const cached = this.vapidHeaders.get(audience);
    if (cached && cached.expires - now > 3600) return cached.value;
    // A push service accepts a token for up to 24 h; a fresh one is signed an hour early.
    const expires = now + 12 * 3600;
    const { Authorization } = webpush.getVapidHeaders(
      audience,
      this.config.vapidSubject,
      vapid.publicKey,
      vapid.privateKey,
      'aes128gcm',
      expires,
    );
    this.vapidHeaders.set(audience, { value: Authorization, expires });
    return Authorization;
  }

  async send(row: ClaimedPush, vapid: VapidKeys): Promise<PushOutcome> {
    if (!row.endpoint || !row.p256dh || !row.auth) {
      return { kind: 'failed', error: 'device removed' };
    }
    // Devices registered before today's rules, or under another configuration: never sent to.
    const refused = refusedEndpoint(row.endpoint, this.config);
    if (refused) return { kind: 'gone', error: refused };
    const payload: PushPayload = toNotification(row);
    try {
      await webpush.sendNotification(
        { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } },
        JSON.stringify(payload),
        {
          headers: { Authorization: this.vapidHeader(row.endpoint, vapid) },
          TTL: 7 * 86_400,
          contentEncoding: 'aes128gcm',
          agent: this.agent,
          timeout: 15_000,
        },
      );
      return { kind: 'sent' };
    } catch (err) {
      return outcomeOfError(err);
    }
  }
}

function outcomeOfError(err: unknown): PushOutcome {
  const status = err instanceof WebPushError ? err.statusCode : 0;
  const code = (err as { code?: string }).code;
  const error = status ? `HTTP ${status}` : err instanceof Error ? err.message : String(err);
  if (code === INTERNAL_ADDRESS) return { kind: 'failed', error };
  // The push service says the subscription no longer exists: never try it again.
  if (status === 404 || status === 410) return { kind: 'gone', error };
  // Other 4xx (but 408/429) will not change on retry.
  if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
    return { kind: 'failed', error };
  }
  if (status || (code && NOT_REACHED.has(code))) return { kind: 'retry', error };
  // No answer (time-out, connection cut): the push service may have taken it, and a
  // second request could show it twice; Messages still lists it.
  return { kind: 'failed', error: `${error}; not sent again` };
}
