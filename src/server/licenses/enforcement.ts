import { LICENSE_MESSAGES } from '../../shared/contracts/organizations';
import { inTransaction, type Db } from '../db/database';
import { lockedRowsWaiting } from '../db/dialect';
import { ApiError } from '../http/apiError';
import { licenseOfOrganization } from './repository';

/**
 * What an organization's licence allows, checked by the code that queues runs, fires schedules, creates users and
 * allocates resources (docs/decisions.md, Organizations and licences). An organization without a licence (the
 * platform's, or one made before licences) is unlimited.
 */

/** Licence refusals answer 403: the request is understood and allowed by permission, but the licence forbids it. */
export const LICENSE_REFUSED_STATUS = 403;

const dateOf = (iso: string) => iso.slice(0, 10);

/** Why the organization may not start new runs now (expired licence, spent credit); undefined when it may. */
export async function runRefusal(db: Db, orgId: string, now: number): Promise<string | undefined> {
  const license = await licenseOfOrganization(db, orgId);
  if (!license) return undefined;
  if (Date.parse(license.expires_at) <= now) return LICENSE_MESSAGES.expired(dateOf(license.expires_at));
  if (license.credit !== null && Number(license.credit_used) >= Number(license.credit)) return LICENSE_MESSAGES.creditSpent;
  return undefined;
}

/** runRefusal as an answer: throws a 403 with the licence's message. */
export async function assertRunsAllowed(db: Db, orgId: string, now: number): Promise<void> {
  const refusal = await runRefusal(db, orgId, now);
  if (refusal !== undefined) throw new ApiError(LICENSE_REFUSED_STATUS, refusal);
}

/** Why one more active user may not join the organization; undefined when the licence has room (or there is none). */
async function userSeatRefusal(db: Db, orgId: string): Promise<string | undefined> {
  const license = await lockedRowsWaiting(db, db.selectFrom('licenses').select('users').where('org_id', '=', orgId)).executeTakeFirst();
  if (!license) return undefined;
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_id', '=', orgId)
    .where('active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(count) >= license.users ? LICENSE_MESSAGES.usersFull(license.users) : undefined;
}

/**
 * Makes one more active user of the organization with `join` (an insert, a reactivation) when its licence has a seat,
 * in one transaction with the count. The licence row is locked first (FOR UPDATE on PostgreSQL; SQLite has one
 * writer), so two administrators taking the last seat at once cannot both get it. Answers the licence's refusal
 * instead when it is full.
 */
export async function joinWithinSeats<T>(db: Db, orgId: string, join: (trx: Db) => Promise<T>): Promise<{ refusal: string } | { joined: T }> {
  return inTransaction(db, async (trx) => {
    const refusal = await userSeatRefusal(trx, orgId);
    return refusal === undefined ? { joined: await join(trx) } : { refusal };
  });
}

async function runningCounts(db: Db, orgIds: readonly string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('runs')
    .select(['org_id', (eb) => eb.fn.countAll<number>().as('count')])
    .where('org_id', 'in', orgIds)
    .where('state', '=', 'RUNNING')
    .groupBy('org_id')
    .execute();
  return new Map(rows.map((row) => [row.org_id, Number(row.count)]));
}

/** Free parallel slots of an organization while a dispatch allocates: it takes one per run it starts. */
export interface ParallelSlots {
  /** Whether a run of `orgId` may start now; when it may, the slot is counted as taken. */
  take(orgId: string): boolean;
}

/**
 * The parallel slots of the organizations of `orgIds`, read inside the allocating transaction. Their licence rows are
 * locked (FOR UPDATE, in id order so two replicas never deadlock) before their RUNNING runs are counted: a second
 * replica allocating for the same organization waits for the first to commit and then counts its runs too, so no
 * organization runs more than its licence's parallels at once. SQLite has one writer, so it needs no lock.
 */
export async function parallelSlots(trx: Db, orgIds: readonly string[]): Promise<ParallelSlots> {
  const unique = [...new Set(orgIds)];
  const licenses =
    unique.length === 0
      ? []
      : await lockedRowsWaiting(
          trx,
          trx.selectFrom('licenses').select(['id', 'org_id', 'parallels']).where('org_id', 'in', unique).orderBy('id'),
        ).execute();
  const limited = licenses.flatMap((license) => (license.org_id === null ? [] : [license.org_id]));
  const running = limited.length === 0 ? new Map<string, number>() : await runningCounts(trx, limited);
  const free = new Map(licenses.map((license) => [license.org_id ?? '', license.parallels - (running.get(license.org_id ?? '') ?? 0)]));
  return {
    take(orgId) {
      const left = free.get(orgId);
      if (left === undefined) return true;
      if (left <= 0) return false;
      free.set(orgId, left - 1);
      return true;
    },
  };
}

/** The queue hint of a queued run whose organization's runs fill its licence's parallel slots; undefined otherwise. */
export async function parallelsHint(db: Db, orgId: string): Promise<string | undefined> {
  const license = await licenseOfOrganization(db, orgId);
  if (!license) return undefined;
  const running = (await runningCounts(db, [orgId])).get(orgId) ?? 0;
  return running >= license.parallels ? LICENSE_MESSAGES.parallelsBusy(license.parallels) : undefined;
}

/** Whole minutes started by a run from `startedAt` to `completedAt` (ISO): 61 s count 2. */
export function startedMinutes(startedAt: string, completedAt: string): number {
  return Math.max(0, Math.ceil((Date.parse(completedAt) - Date.parse(startedAt)) / 60_000));
}

/**
 * Adds a run that just ended to its organization's credit use, in the transaction that ended it: the minutes it
 * started, when the licence has a credit. A run that never started costs nothing.
 */
export async function chargeRunMinutes(trx: Db, statusId: string): Promise<void> {
  const run = await trx.selectFrom('runs').select(['org_id', 'time_started', 'time_completed']).where('status_id', '=', statusId).executeTakeFirst();
  if (!run?.time_started || !run.time_completed) return;
  const minutes = startedMinutes(run.time_started, run.time_completed);
  if (minutes === 0) return;
  await trx
    .updateTable('licenses')
    .set((eb) => ({ credit_used: eb('credit_used', '+', minutes) }))
    .where('org_id', '=', run.org_id)
    .where('credit', 'is not', null)
    .execute();
}
