import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { RefreshTokensTable } from '../db/schema';
import { findUserById, userFeatures, type UserRow } from '../users/userRepository';
import type { AccessTokenSigner } from './accessTokens';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface SessionSettings {
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
  isActive(familyId: string): Promise<boolean>;
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function createSessions(db: Db, signer: AccessTokenSigner, settings: SessionSettings): Sessions {
  // Only hashes are stored, so the pair handed out by a rotation is remembered in memory for the grace window.
  // After a restart a reuse inside the window is refused (401) without revoking the family.
  const recentRotations = new Map<string, { pair: TokenPair; until: number }>();

  function forgetExpiredRotations(now: number): void {
    for (const [hash, entry] of recentRotations) if (entry.until < now) recentRotations.delete(hash);
  }

  async function issuePair(user: UserRow, familyId: string): Promise<{ pair: TokenPair; row: RefreshTokensTable }> {
    const refreshToken = randomBytes(32).toString('base64url');
    const now = Date.now();
    const row: RefreshTokensTable = {
      id: randomUUID(),
      token_hash: hashToken(refreshToken),
      family_id: familyId,
      user_id: user.id,
      expires_at: new Date(now + settings.refreshTokenTtlSeconds * 1000).toISOString(),
      created_at: new Date(now).toISOString(),
      rotated_at: null,
      replaced_by: null,
      revoked: 0,
    };
    const accessToken = await signer.sign({ sub: user.id, userId: user.user_id, features: userFeatures(user), sid: familyId });
    return { pair: { accessToken, refreshToken }, row };
  }

  async function revoke(familyId: string): Promise<void> {
    await db.updateTable('refresh_tokens').set({ revoked: 1 }).where('family_id', '=', familyId).execute();
  }

  function replayWithinGrace(hash: string): TokenPair | null {
    return recentRotations.get(hash)?.pair ?? null;
  }

  return {
    async start(user) {
      const { pair, row } = await issuePair(user, randomUUID());
      await db.insertInto('refresh_tokens').values(row).execute();
      return pair;
    },

    async refresh(presentedToken) {
      const hash = hashToken(presentedToken);
      const now = Date.now();
      forgetExpiredRotations(now);
      const current = await db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', hash).executeTakeFirst();
      if (!current || current.revoked === 1 || Date.parse(current.expires_at) <= now) return null;
      if (current.rotated_at !== null) {
        if (now - Date.parse(current.rotated_at) <= settings.refreshGraceSeconds * 1000) return replayWithinGrace(hash);
        // A rotated token used after the grace window means it leaked: end the whole session.
        await revoke(current.family_id);
        return null;
      }
      const user = await findUserById(db, current.user_id);
      if (!user) return null;
      const { pair, row } = await issuePair(user, current.family_id);
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
      // Lost a race with a concurrent refresh of the same token: hand out the winner's pair.
      if (!rotated) return replayWithinGrace(hash);
      recentRotations.set(hash, { pair, until: now + settings.refreshGraceSeconds * 1000 });
      return pair;
    },

    revoke,

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
