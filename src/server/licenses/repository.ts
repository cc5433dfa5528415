import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import { licenseExpiryClass, type License, type LicenseInput } from '../../shared/contracts/organizations';
import { inTransaction, type Db } from '../db/database';
import type { LicensesTable } from '../db/schema-organizations';
import { DAY_MS } from '../../shared/durations';

export type LicenseRow = Selectable<LicensesTable>;

export function toLicense(row: LicenseRow, now: number): License {
  return {
    licenseId: row.id,
    licenseName: row.name,
    product: row.product as License['product'],
    trial: row.trial === 1,
    users: row.users,
    durationDays: row.duration_days,
    parallels: row.parallels,
    credit: row.credit === null ? null : Number(row.credit),
    creditUsed: Number(row.credit_used),
    startsAt: row.starts_at,
    expiresAt: row.expires_at,
    orgId: row.org_id,
    status: licenseExpiryClass(row.expires_at, now),
  };
}

const expiryOf = (startsAt: string, durationDays: number) => new Date(Date.parse(startsAt) + durationDays * DAY_MS).toISOString();

function columnsOf(input: LicenseInput) {
  return {
    name: input.licenseName,
    product: input.product,
    trial: input.trial ? 1 : 0,
    users: input.users,
    duration_days: input.durationDays,
    parallels: input.parallels,
    credit: input.credit,
  };
}

export function listLicenseRows(db: Db): Promise<LicenseRow[]> {
  return db.selectFrom('licenses').selectAll().orderBy('created_at').orderBy('id').execute();
}

export function findLicenseRow(db: Db, id: string): Promise<LicenseRow | undefined> {
  return db.selectFrom('licenses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The licence bound to an organization; undefined for an unlimited one (the platform's, or one made before licences). */
export function licenseOfOrganization(db: Db, orgId: string): Promise<LicenseRow | undefined> {
  return db.selectFrom('licenses').selectAll().where('org_id', '=', orgId).executeTakeFirst();
}

/** A new free licence starting `now`. */
export async function insertLicense(db: Db, input: LicenseInput, now: number): Promise<LicenseRow> {
  const startsAt = new Date(now).toISOString();
  const row: LicenseRow = {
    id: randomUUID(),
    ...columnsOf(input),
    credit_used: 0,
    starts_at: startsAt,
    expires_at: expiryOf(startsAt, input.durationDays),
    org_id: null,
    created_at: startsAt,
    updated_at: startsAt,
  };
  await db.insertInto('licenses').values(row).execute();
  return row;
}

/**
 * Saves a licence's terms. Its expiry stays startsAt + durationDays; a licence that had expired is renewed: it
 * starts again now. Its organization's type follows the product. Undefined when there is no such licence.
 */
export async function updateLicense(db: Db, id: string, input: LicenseInput, now: number): Promise<LicenseRow | undefined> {
  return inTransaction(db, async (trx) => {
    const current = await findLicenseRow(trx, id);
    if (!current) return undefined;
    const startsAt = Date.parse(current.expires_at) <= now ? new Date(now).toISOString() : current.starts_at;
    const changes = { ...columnsOf(input), starts_at: startsAt, expires_at: expiryOf(startsAt, input.durationDays), updated_at: new Date(now).toISOString() };
    await trx.updateTable('licenses').set(changes).where('id', '=', id).execute();
    if (current.org_id !== null) {
      await trx.updateTable('organizations').set({ license_type: input.product, updated_at: changes.updated_at }).where('id', '=', current.org_id).execute();
    }
    return { ...current, ...changes };
  });
}
