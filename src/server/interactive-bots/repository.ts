import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { FIELD_ERROR_KEYS } from '../../shared/contracts/collections';
import {
  INTERACTIVE_BOT_MESSAGES,
  INTERACTIVE_BOT_STATUSES,
  type CreateInteractiveBot,
  type InteractiveBot,
  type UpdateInteractiveBot,
} from '../../shared/contracts/interactive-bots';
import { type Db } from '../db/database';
import { isUniqueViolation } from '../db/dialect';
import type { InteractiveBotsTable } from '../db/schema-bots';
import { ApiError } from '../http/apiError';
import { findCollection } from '../collections/repository';

type BotRow = Selectable<InteractiveBotsTable>;

/** 32 random bytes, URL-safe so it fits a header, a form field and a shell argument unquoted. */
export function newTriggerSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The secret is random, so a fast unsalted hash is enough to make the stored value useless to a reader of the database. */
export function hashTriggerSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function toInteractiveBot(row: BotRow): InteractiveBot {
  const status = INTERACTIVE_BOT_STATUSES.find((known) => known === row.status);
  if (!status) throw new Error(`Unknown interactive bot status ${row.status} in the interactive_bots table`);
  return {
    id: row.id,
    trigger_id: row.trigger_id,
    interactive_trigger_name: row.interactive_trigger_name,
    trigger_intent: row.trigger_intent,
    enabled: status === 'ACTIVE',
    status,
    teststatus_id: row.teststatus_id,
    date_created: row.date_created,
  };
}

/** The organization's bots that are not deleted, oldest first. */
export async function listInteractiveBots(db: Db, orgId: string): Promise<InteractiveBot[]> {
  const rows = await db.selectFrom('interactive_bots').selectAll().where('org_id', '=', orgId).where('status', '!=', 'DISABLED').orderBy('id').execute();
  return rows.map(toInteractiveBot);
}

async function assertCollectionExists(db: Db, collectionId: string, orgId: string): Promise<void> {
  if (!(await findCollection(db, collectionId, orgId))) {
    throw new ApiError(404, INTERACTIVE_BOT_MESSAGES.collectionNotFound(collectionId), {}, { teststatus_id: [FIELD_ERROR_KEYS.notFound] });
  }
}

/** Runs a write that may hit the live-intent unique index and answers it as the NoneOf field error. */
async function withUniqueIntent<T>(intent: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ApiError(409, INTERACTIVE_BOT_MESSAGES.duplicateIntent(intent), {}, { trigger_intent: [FIELD_ERROR_KEYS.noneOf] });
  }
}

export interface BotAuthor {
  orgId: string;
  userId: string;
}

/** A new bot and its trigger secret, which is returned here and never again. */
export async function insertInteractiveBot(db: Db, input: CreateInteractiveBot, by: BotAuthor): Promise<InteractiveBot & { secret: string }> {
  await assertCollectionExists(db, input.teststatus_id, by.orgId);
  const secret = newTriggerSecret();
  const now = new Date().toISOString();
  const row = await withUniqueIntent(input.trigger_intent, () =>
    db
      .insertInto('interactive_bots')
      .values({
        trigger_id: randomUUID(),
        org_id: by.orgId,
        interactive_trigger_name: input.interactive_trigger_name,
        trigger_intent: input.trigger_intent,
        status: input.status,
        teststatus_id: input.teststatus_id,
        secret_hash: hashTriggerSecret(secret),
        created_by: by.userId,
        date_created: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return { ...toInteractiveBot(row), secret };
}

async function findLiveBotRow(db: Db, triggerId: string, orgId: string): Promise<BotRow> {
  const row = await db
    .selectFrom('interactive_bots')
    .selectAll()
    .where('trigger_id', '=', triggerId)
    .where('org_id', '=', orgId)
    .where('status', '!=', 'DISABLED')
    .executeTakeFirst();
  if (!row) throw new ApiError(404, INTERACTIVE_BOT_MESSAGES.notFound(triggerId));
  return row;
}

/** Replaces the bot's fields; status DISABLED deletes it (it is hidden from then on and frees its intent). */
export async function updateInteractiveBot(db: Db, input: UpdateInteractiveBot, orgId: string): Promise<InteractiveBot> {
  const existing = await findLiveBotRow(db, input.trigger_id, orgId);
  // A bot being deleted may point at a collection deleted since; only a kept bot must name a live one.
  if (input.status !== 'DISABLED') await assertCollectionExists(db, input.teststatus_id, orgId);
  const row = await withUniqueIntent(input.trigger_intent, () =>
    db
      .updateTable('interactive_bots')
      .set({
        interactive_trigger_name: input.interactive_trigger_name,
        trigger_intent: input.trigger_intent,
        status: input.status,
        teststatus_id: input.status === 'DISABLED' ? existing.teststatus_id : input.teststatus_id,
        updated_at: new Date().toISOString(),
      })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow(),
  );
  return toInteractiveBot(row);
}

/** Gives the bot a new secret; the old one stops working at once. */
export async function regenerateTriggerSecret(db: Db, triggerId: string, orgId: string): Promise<InteractiveBot & { secret: string }> {
  const existing = await findLiveBotRow(db, triggerId, orgId);
  const secret = newTriggerSecret();
  const row = await db
    .updateTable('interactive_bots')
    .set({ secret_hash: hashTriggerSecret(secret), updated_at: new Date().toISOString() })
    .where('id', '=', existing.id)
    .returningAll()
    .executeTakeFirstOrThrow();
  return { ...toInteractiveBot(row), secret };
}

export interface TriggerableBot {
  bot: InteractiveBot;
  orgId: string;
}

/** The live bot holding `secret` whose intent is `intent` (ignoring case); undefined for any mismatch. */
export async function findBotBySecret(db: Db, secret: string, intent: string): Promise<TriggerableBot | undefined> {
  const row = await db
    .selectFrom('interactive_bots')
    .selectAll()
    .where('secret_hash', '=', hashTriggerSecret(secret))
    .where('status', '!=', 'DISABLED')
    .executeTakeFirst();
  if (!row || row.trigger_intent.toLowerCase() !== intent.toLowerCase()) return undefined;
  return { bot: toInteractiveBot(row), orgId: row.org_id };
}
