import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A local Web Push service for tests and benchmarks: HTTPS (web-push sends nothing else) with
 * a self-signed certificate, subscriptions whose keys it holds, and a decryption of every
 * message (RFC 8291 aes128gcm) written from the RFC, not from web-push's own code, so a
 * wrong encryption fails here.
 */
export interface ReceivedPush {
  subscription: string;
  payload: unknown;
  ttl: string | undefined;
}

export interface PushReceiver {
  /** PEM of the certificate: give it to the gateway as PUSH_CA_FILE. */
  caFile: string;
  /**
   * What a gateway needs to push here: the certificate, this receiver as its one push service
   * (by name: endpoints naming an address are refused) and its loopback address permitted.
   */
  gatewayEnv: Record<string, string>;
  origin: string;
  received: ReceivedPush[];
  /** Requests taken so far, and the status of each one answered: with delayMs, they differ. */
  requests: number;
  answers: number[];
  /** A fresh subscription (PushSubscription.toJSON() shape). */
  subscribe(): { endpoint: string; keys: { p256dh: string; auth: string } };
  /** Answer this status for a subscription (e.g. 410) instead of 201; `times` times only if given. */
  answer(endpoint: string, status: number, times?: number): void;
  /** Delay every answer (to catch a sender mid-broadcast). */
  delayMs: number;
  /** Resolves once at least n messages arrived. */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const b64u = (b: Buffer) => b.toString('base64url');

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 + RFC 8188: one aes128gcm record. */
export function decryptAes128gcm(
  body: Buffer,
  uaPrivate: ReturnType<typeof createECDH>,
  authSecret: Buffer,
): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const uaPublic = uaPrivate.getPublicKey();
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hmac(hmac(authSecret, ecdhSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (plain[end] !== 2) throw new Error('aes128gcm: missing last-record delimiter');
  return plain.subarray(0, end);
}

export async function startPushReceiver(): Promise<PushReceiver> {
  const dir = mkdtempSync(join(tmpdir(), 'torque-push-'));
  const keyFile = join(dir, 'key.pem');
  const caFile = join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      keyFile,
      '-out',
      caFile,
      '-days',
      '2',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
    ],
    { stdio: 'ignore' },
  );
  const keys = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const answers = new Map<string, { status: number; times: number }>();
  const received: ReceivedPush[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const receiver = {} as PushReceiver;

  const server: Server = createServer(
    { key: readFileSync(keyFile), cert: readFileSync(caFile) },
    (req, res) => {
      receiver.requests += 1;
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const id = (req.url ?? '').replace(/^\/push\//, '');
        const endpoint = `${receiver.origin}/push/${id}`;
        const sub = keys.get(id);
        const respond = (status: number) => {
          const reply = () => {
            res.writeHead(status).end();
            receiver.answers.push(status);
          };
          if (receiver.delayMs > 0) setTimeout(reply, receiver.delayMs);
          else reply();
        };
        if (!sub || req.method !== 'POST') return respond(404);
        const planned = answers.get(endpoint);
        if (planned && planned.times > 0) {
          planned.times -= 1;
          return respond(planned.status);
        }
        if (req.headers['content-encoding'] !== 'aes128gcm' || !req.headers.authorization) {
          return respond(400);
        }
        let payload: unknown;
        try {
          payload = JSON.parse(
            decryptAes128gcm(Buffer.concat(chunks), sub.ecdh, sub.auth).toString('utf8'),
          );
        } catch {
          return respond(400);
        }
        received.push({ subscription: endpoint, payload, ttl: req.headers.ttl as string });
        for (const w of waiters.filter((x) => received.length >= x.n)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve();
        }
        respond(201);
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  Object.assign(receiver, {
    caFile,
    gatewayEnv: {
      PUSH_CA_FILE: caFile,
      PUSH_SERVICE_HOSTS: `localhost:${port}`,
      PUSH_PERMITTED_ADDRESSES: '127.0.0.1',
    },
    origin: `https://localhost:${port}`,
    received,
    requests: 0,
    answers: [],
    delayMs: 0,
    subscribe() {
      const id = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      keys.set(id, { ecdh, auth });
      return {
        endpoint: `${receiver.origin}/push/${id}`,
        keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
      };
    },
    answer(endpoint: string, status: number, times = Infinity) {
      answers.set(endpoint, { status, times });
    },
    waitFor(n: number, timeoutMs = 30_000) {
      if (received.length >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const t = setTimeout(
          () => reject(new Error(`push receiver: ${received.length} of ${n} messages`)),
          timeoutMs,
        );
        waiters.push({ n, resolve: () => (clearTimeout(t), resolve()) });
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  } satisfies Omit<PushReceiver, never>);
  return receiver;
}
