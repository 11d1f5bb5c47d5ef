import type { Adapter, AdapterPayload } from 'oidc-provider';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * oidc-provider's storage in the oidc_store table (sessions, interactions, grants, codes,
 * tokens), so sign-in state survives a restart and is shared by every gateway copy.
 */
export class DbAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly db: Kysely<Database>,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    const expiresAt = expiresIn ? new Date(Date.now() + expiresIn * 1000) : null;
    const row = {
      payload: JSON.stringify(payload),
      grant_id: payload.grantId ?? null,
      uid: payload.uid ?? null,
      user_code: payload.userCode ?? null,
      expires_at: expiresAt,
    };
    await this.db
      .insertInto('oidc_store')
      .values({ model: this.model, id, ...row })
      .onConflict((oc) => oc.columns(['model', 'id']).doUpdateSet(row))
      .execute();
  }

  private async findWhere(
    column: 'id' | 'uid' | 'user_code',
    value: string,
  ): Promise<AdapterPayload | undefined> {
    const row = await this.db
      .selectFrom('oidc_store')
      .select(['payload', 'consumed_at'])
      .where('model', '=', this.model)
      .where(column, '=', value)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]))
      .executeTakeFirst();
    if (!row) return undefined;
    const payload = row.payload as AdapterPayload;
    return row.consumed_at
      ? { ...payload, consumed: Math.floor(+new Date(row.consumed_at) / 1000) }
      : payload;
  }

  find(id: string) {
    return this.findWhere('id', id);
  }

  findByUid(uid: string) {
    return this.findWhere('uid', uid);
  }

  findByUserCode(userCode: string) {
    return this.findWhere('user_code', userCode);
  }

  async consume(id: string): Promise<void> {
    await this.db
      .updateTable('oidc_store')
      .set({ consumed_at: new Date() })
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  async destroy(id: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_store')
      .where('model', '=', this.model)
      .where('id', '=', id)
      .execute();
  }

  /**
   * Drops what was issued under a grant (codes, tokens, the grant). Not the interaction: it
   * carries the grant id too, and when a second account signs in over a live session the
   * provider ends the old session (revoking its grants) and then resumes that interaction.
   */
  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db
      .deleteFrom('oidc_store')
      .where('grant_id', '=', grantId)
      .where('model', 'not in', ['Interaction', 'Session'])
      .execute();
  }
}
