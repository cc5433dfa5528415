import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { DISPLAY_TOKEN_PREFIX, type DisplayToken } from '../../shared/contracts/custom-dashboard';
import type { Db } from '../db/database';
import type { DisplayTokensTable } from '../db/schema-projects';
import { nameOf, userNamesOf } from '../runs/displayNames';

/**
 * Display tokens (issue 17): a manager shares a dashboard on a wall display with a read-only token instead of a user
 * session. The secret is answered once; only its SHA-256 is kept. A token works while it is not revoked and the saved
 * report it was made for still exists in its organization.
 */

/** last_used_at is written at most this often, so a display polling every 10 s costs one write a minute. */
export const LAST_USED_RESOLUTION_MS = 60_000;

const hashOf = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export interface NewDisplayToken {
  orgId: string;
  dashboardId: string;
  name: string;
  userId: string;
}

/** Whether the organization has a saved report of that id. */
export async function reportExists(db: Db, orgId: string, dashboardId: string): Promise<boolean> {
  const row = await db.selectFrom('dashboard_reports').select('id').where('id', '=', dashboardId).where('org_id', '=', orgId).executeTakeFirst();
  return row !== undefined;
}

function tokenOf(row: DisplayTokensTable, authors: ReadonlyMap<string, string>): DisplayToken {
  return {
    tokenId: row.id,
    dashboardId: row.dashboard_id,
    name: row.name,
    createdAt: row.created_at,
    createdBy: nameOf(authors, row.created_by),
    lastUsedAt: row.last_used_at,
  };
}

/** Makes a token; the answer holds the secret, which is never stored. */
export async function createDisplayToken(db: Db, token: NewDisplayToken): Promise<DisplayToken & { token: string }> {
  const secret = `${DISPLAY_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row: DisplayTokensTable = {
    id: randomUUID(),
    org_id: token.orgId,
    dashboard_id: token.dashboardId,
    name: token.name,
    token_hash: hashOf(secret),
    created_by: token.userId,
    created_at: new Date().toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
  await db.insertInto('display_tokens').values(row).execute();
  return { ...tokenOf(row, await userNamesOf(db, [row.created_by])), token: secret };
}

/** The organization's tokens in use (not revoked), newest first. */
export async function listDisplayTokens(db: Db, orgId: string): Promise<DisplayToken[]> {
  const rows = await db
    .selectFrom('display_tokens')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('revoked_at', 'is', null)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  const authors = await userNamesOf(
    db,
    rows.map((row) => row.created_by),
  );
  return rows.map((row) => tokenOf(row, authors));
}

/** Revokes the organization's token; false when it has none of that id. Revoking twice is no error. */
export async function revokeDisplayToken(db: Db, orgId: string, tokenId: string): Promise<boolean> {
  const row = await db.selectFrom('display_tokens').select(['id', 'revoked_at']).where('id', '=', tokenId).where('org_id', '=', orgId).executeTakeFirst();
  if (!row) return false;
  if (row.revoked_at === null) {
    await db.updateTable('display_tokens').set({ revoked_at: new Date().toISOString() }).where('id', '=', tokenId).where('revoked_at', 'is', null).execute();
  }
  return true;
}

/**
 * The usable token whose secret is `secret` (its id and organization), noting when it was used; undefined for an
 * unknown or revoked secret, or one whose report was removed.
 */
export async function useDisplayToken(db: Db, secret: string, now = Date.now()): Promise<{ id: string; orgId: string } | undefined> {
  const row = await db
    .selectFrom('display_tokens as token')
    .innerJoin('dashboard_reports as report', (join) => join.onRef('report.id', '=', 'token.dashboard_id').onRef('report.org_id', '=', 'token.org_id'))
    .select(['token.id', 'token.org_id', 'token.last_used_at'])
    .where('token.token_hash', '=', hashOf(secret))
    .where('token.revoked_at', 'is', null)
    .executeTakeFirst();
  if (!row) return undefined;
  const staleBefore = new Date(now - LAST_USED_RESOLUTION_MS).toISOString();
  if (row.last_used_at === null || row.last_used_at < staleBefore) {
    // Conditional, so displays polling through several replicas at once still write once a minute.
    await db
      .updateTable('display_tokens')
      .set({ last_used_at: new Date(now).toISOString() })
      .where('id', '=', row.id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', staleBefore)]))
      .execute();
  }
  return { id: row.id, orgId: row.org_id };
}
