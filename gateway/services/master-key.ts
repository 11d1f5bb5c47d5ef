import { createHmac, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { User } from '../../contract/user';
import type { MasterKeyResponse } from '../../contract/dcu';
import type { GatewayConfig } from '../config';
import type { Database } from '../db/schema';
import { HttpError } from '../http/errors';
import { audit } from './audit';
import { isLimited, limitLiftsAt, type RateLimit } from './rate-limit';

/** product §7: the master key service answers status 'Success.'. */
export const MASTER_KEY_SUCCESS = 'Success.';
export const MASTER_KEY_LIMIT_MESSAGE = 'Too many master key lookups. Try again later.';

const minuteRules = new Intl.PluralRules('en-US');

/** The refusal says when: "Try again in 12 minutes." (rounded up, at least one). */
export function masterKeyLimitMessage(liftsAt: Date | null, now = Date.now()): string {
  if (!liftsAt) return MASTER_KEY_LIMIT_MESSAGE;
  const minutes = Math.max(1, Math.ceil((liftsAt.getTime() - now) / 60_000));
  const unit = minuteRules.select(minutes) === 'one' ? 'minute' : 'minutes';
  return `Too many master key lookups. Try again in ${minutes} ${unit}.`;
}
export const MASTER_KEY_DIGITS = 8;
const SECRET_KIND = 'master-key';

/**
 * The keyless master key service. There is no real one behind the demo gateway: the key is
 * an HMAC of the module serial under a server secret, so it is stable for a serial, differs
 * between serials and cannot be computed without the secret.
 */
export function deriveMasterKey(secret: string, serialNumber: string): string {
  const mac = createHmac('sha256', secret).update(serialNumber, 'utf8').digest();
  const n = mac.readBigUInt64BE(0) % 10n ** BigInt(MASTER_KEY_DIGITS);
  return n.toString().padStart(MASTER_KEY_DIGITS, '0');
}

/** The configured secret, or the one kept in signing_keys (generated once, race-safe). */
export async function loadMasterKeySecret(
  db: Kysely<Database>,
  config: Pick<GatewayConfig, 'masterKeySecret'>,
): Promise<string> {
  if (config.masterKeySecret) return config.masterKeySecret;
  const read = () =>
    db
      .selectFrom('signing_keys')
      .select('value')
      .where('kind', '=', SECRET_KIND)
      .orderBy('created_at')
      .executeTakeFirst();
  let row = await read();
  if (!row) {
    const secret = randomBytes(32).toString('base64url');
    await db
      .insertInto('signing_keys')
      .values({ kind: SECRET_KIND, id: 'current', value: JSON.stringify({ secret }) })
      .onConflict((oc) => oc.doNothing())
      .execute();
    // Read back: if two copies raced on first use, both now use whatever was stored.
    row = await read();
  }
  return String((row!.value as { secret: string }).secret);
}

export function masterKeyLimit(config: Pick<GatewayConfig, 'masterKeyLookupsPerHour'>): RateLimit {
  return {
    action: 'master-key',
    max: config.masterKeyLookupsPerHour,
    windowMs: 3_600_000,
    by: 'user',
  };
}

/**
 * One lookup: rate limited per user and audited (who, when, which serial). The count, the
 * decision and the audit row happen under a per-user advisory lock, so parallel lookups
 * cannot slip past the limit together. A refused lookup is audited as 'master-key-refused',
 * which the limit does not count.
 */
export async function lookUpMasterKey(
  db: Kysely<Database>,
  config: Pick<GatewayConfig, 'productName' | 'masterKeyLookupsPerHour' | 'masterKeySecret'>,
  user: User,
  serialNumber: string,
): Promise<MasterKeyResponse> {
  const secret = await loadMasterKeySecret(db, config);
  // product §7's request to the real service; kept in the audit detail as what was asked.
  const request = {
    platform: `${config.productName.toLowerCase()}_android`,
    sn: serialNumber,
    dealership: user.accountNumber,
    user: user.username,
  };
  const limited = await db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`master-key:${user.id}`}))`.execute(trx);
    if (await isLimited(trx, masterKeyLimit(config), user.id)) {
      await audit(trx, 'master-key-refused', user.id, serialNumber, {
        request,
        reason: 'rate-limit',
      });
      return { liftsAt: await limitLiftsAt(trx, masterKeyLimit(config), user.id) };
    }
    await audit(trx, 'master-key', user.id, serialNumber, { request, status: MASTER_KEY_SUCCESS });
    return null;
  });
  if (limited) throw new HttpError(429, masterKeyLimitMessage(limited.liftsAt), 'rate-limited');
  return {
    status: MASTER_KEY_SUCCESS,
    serialNumber,
    masterKey: deriveMasterKey(secret, serialNumber),
  };
}
