import { createHash, createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { RefreshTokensTable } from '../db/schema';
import { findUserById, userFeatures, type UserRow } from '../users/repository';
import type { AccessTokenSigner } from './accessTokens';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface SessionSettings {
  /** The server's secret key (the token signing key): it derives each refresh token's successor. */
  tokenKey: Uint8Array;
  refreshTokenTtlSeconds: number;
  /** A rotated refresh token presented again within this window gets the same new pair (two tabs refreshing at once). */
  refreshGraceSeconds: number;
}

export interface Sessions {
  /** Starts a new sign-in session (a new refresh-token family). */
  start(user: UserRow): Promise<TokenPair>;
  /** Rotates a refresh token; null when it is unknown, expired, revoked or reused after the grace window. */
  refresh(presentedToken: string): Promise<TokenPair | null>;
  revoke(familyId: string): Promise<void>;
  /** Ends every sign-in session of the user, but `exceptFamilyId` when given (deactivation, a password change). */
  revokeAllOf(userId: string, exceptFamilyId?: string): Promise<void>;
  isActive(familyId: string): Promise<boolean>;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function createSessions(db: Db, signer: AccessTokenSigner, settings: SessionSettings): Sessions {
  /**
   * The token that replaces `presented`: a keyed hash of it, so any replica can hand out the same new pair again
   * within the grace window without the database ever holding a usable token (only hashes are stored).
   */
  const successorOf = (presented: string) => createHmac('sha256', settings.tokenKey).update(`refresh:${presented}`).digest('base64url');

  async function issuePair(user: UserRow, familyId: string, refreshToken: string, issuedAtMs: number): Promise<{ pair: TokenPair; row: RefreshTokensTable }> {
    const row: RefreshTokensTable = {
      id: randomUUID(),
      token_hash: hashToken(refreshToken),
      family_id: familyId,
      user_id: user.id,
      expires_at: new Date(issuedAtMs + settings.refreshTokenTtlSeconds * 1000).toISOString(),
      created_at: new Date(issuedAtMs).toISOString(),
      rotated_at: null,
      replaced_by: null,
      revoked: 0,
    };
    const claims = { sub: user.id, userId: user.user_id, features: userFeatures(user), sid: familyId };
    const accessToken = await signer.sign(claims, Math.floor(issuedAtMs / 1000));
    return { pair: { accessToken, refreshToken }, row };
  }

  async function revoke(familyId: string): Promise<void> {
    await db.updateTable('refresh_tokens').set({ revoked: 1 }).where('family_id', '=', familyId).execute();
  }

  /** The pair the rotation of `presented` handed out, made again from its successor row (null once that is gone). */
  async function replayRotation(presented: string): Promise<TokenPair | null> {
    const successor = successorOf(presented);
    const row = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hashToken(successor)).executeTakeFirst();
    const user = row && row.revoked === 0 ? await findUserById(db, row.user_id) : undefined;
    if (!row || !user || user.active === 0) return null;
    return (await issuePair(user, row.family_id, successor, Date.parse(row.created_at))).pair;
  }

  return {
    async start(user) {
      const { pair, row } = await issuePair(user, randomUUID(), randomBytes(32).toString('base64url'), Date.now());
      await db.insertInto('refresh_tokens').values(row).execute();
      return pair;
    },

    async refresh(presentedToken) {
      const now = Date.now();
      const current = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hashToken(presentedToken)).executeTakeFirst();
      if (!current || current.revoked === 1 || Date.parse(current.expires_at) <= now) return null;
      if (current.rotated_at !== null) {
        if (now - Date.parse(current.rotated_at) <= settings.refreshGraceSeconds * 1000) return replayRotation(presentedToken);
        // A rotated token used after the grace window means it leaked: end the whole session.
        await revoke(current.family_id);
        return null;
      }
      const user = await findUserById(db, current.user_id);
      if (!user || user.active === 0) return null;
      const { pair, row } = await issuePair(user, current.family_id, successorOf(presentedToken), now);
      const rotated = await db.transaction().execute(async (trx) => {
        const { numUpdatedRows } = await trx
          .updateTable('refresh_tokens')
          .set({ rotated_at: new Date(now).toISOString(), replaced_by: row.id })
          .where('id', '=', current.id)
          .where('rotated_at', 'is', null)
          .where('revoked', '=', 0)
          .executeTakeFirst();
        if (numUpdatedRows === 0n) return false;
        await trx.insertInto('refresh_tokens').values(row).execute();
        return true;
      });
      // Lost a race with a concurrent refresh of the same token (on any replica): hand out the winner's pair.
      return rotated ? pair : replayRotation(presentedToken);
    },

    revoke,

    async revokeAllOf(userId, exceptFamilyId) {
      let query = db.updateTable('refresh_tokens').set({ revoked: 1 }).where('user_id', '=', userId).where('revoked', '=', 0);
      if (exceptFamilyId !== undefined) query = query.where('family_id', '!=', exceptFamilyId);
      await query.execute();
    },

    async isActive(familyId) {
      const live = await db
        .selectFrom('refresh_tokens')
        .select('id')
        .where('family_id', '=', familyId)
        .where('revoked', '=', 0)
        .executeTakeFirst();
      return live !== undefined;
    },
  };
}
