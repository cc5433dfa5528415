import { randomUUID } from 'node:crypto';
import { FIELD_ERROR_KEYS } from '../../shared/contracts/collections';
import {
  LICENSE_MESSAGES,
  licenseExpiryClass,
  ORGANIZATION_MESSAGES,
  type CreateOrganization,
  type OrganizationDetails,
  type OrganizationTile,
} from '../../shared/contracts/organizations';
import { inTransaction, type Db } from '../db/database';
import { isUniqueViolation, lockedRowsWaiting } from '../db/dialect';
import { ApiError } from '../http/apiError';
import { findLicenseRow, toLicense, type LicenseRow } from '../licenses/repository';

const tileColumns = [
  'org.id',
  'org.name',
  'org.license_type',
  'org.is_platform',
  'org.detail_number',
  'org.created_at',
  'lic.id as license_id',
  'lic.name as license_name',
  'lic.expires_at',
] as const;

const tilesQuery = (db: Db) =>
  db
    .selectFrom('organizations as org')
    .leftJoin('licenses as lic', 'lic.org_id', 'org.id')
    .select(tileColumns)
    .select((eb) =>
      eb
        .selectFrom('users')
        .select(eb.fn.countAll<number>().as('count'))
        .whereRef('users.org_id', '=', 'org.id')
        .where('users.active', '=', 1)
        .as('users_number'),
    )
    .select((eb) =>
      eb.selectFrom('groups').select(eb.fn.countAll<number>().as('count')).whereRef('groups.org_id', '=', 'org.id').as('groups_number'),
    );

type TileRow = Awaited<ReturnType<ReturnType<typeof tilesQuery>['executeTakeFirstOrThrow']>>;

/** Up to two initials of the name's words: the tile's logo. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

const TYPES = { RTA: 'rta', RPA: 'rpa', DOMA: 'doma' } as const;

function tileOf(row: TileRow, now: number): OrganizationTile {
  const type = TYPES[row.license_type as keyof typeof TYPES] ?? 'rta';
  return {
    id: row.id,
    orgId: row.id,
    name: row.name,
    logo: initialsOf(row.name),
    licenseId: row.license_id,
    license: row.license_name ?? 'Unlimited',
    date: row.expires_at,
    status: row.expires_at === null ? 'active' : licenseExpiryClass(row.expires_at, now),
    type,
    groupsNumber: Number(row.groups_number ?? 0),
    usersNumber: Number(row.users_number ?? 0),
    isPlatform: row.is_platform === 1,
  };
}

/** Tiles of every organization (onlyId: of that one), the platform's first, then by name. */
export async function listTiles(db: Db, now: number, onlyId?: string): Promise<OrganizationTile[]> {
  let query = tilesQuery(db).orderBy('org.is_platform', 'desc').orderBy('org.name');
  if (onlyId !== undefined) query = query.where('org.id', '=', onlyId);
  return (await query.execute()).map((row) => tileOf(row, now));
}

export async function organizationDetails(db: Db, id: string, now: number): Promise<OrganizationDetails | undefined> {
  const row = await tilesQuery(db).where('org.id', '=', id).executeTakeFirst();
  if (!row) return undefined;
  const license = row.license_id === null ? undefined : await findLicenseRow(db, row.license_id);
  const accounts = await db
    .selectFrom('users')
    .select(['id', 'user_id', 'first_name', 'last_name', 'active'])
    .where('org_id', '=', id)
    .orderBy('user_id')
    .execute();
  const groups = await db
    .selectFrom('groups as g')
    .leftJoin('group_members as m', 'm.group_id', 'g.id')
    .select(['g.id', 'g.name', (eb) => eb.fn.count<number>('m.user_id').as('members')])
    .where('g.org_id', '=', id)
    .groupBy(['g.id', 'g.name'])
    .orderBy('g.name')
    .execute();
  const running = await db
    .selectFrom('runs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('org_id', '=', id)
    .where('state', '=', 'RUNNING')
    .executeTakeFirstOrThrow();
  return {
    ...tileOf(row, now),
    detailNumber: row.detail_number,
    createdAt: row.created_at,
    licenseDetails: license ? toLicense(license, now) : null,
    groups: groups.map((group) => ({ id: group.id, name: group.name, membersNumber: Number(group.members) })),
    Accounts: accounts.map((account) => ({
      id: account.id,
      userId: account.user_id,
      firstName: account.first_name,
      lastName: account.last_name,
      active: account.active !== 0,
    })),
    runningNow: Number(running.count),
  };
}

const nameTaken = () => new ApiError(409, ORGANIZATION_MESSAGES.nameTaken, {}, { name: [FIELD_ERROR_KEYS.noneOf] });
const licenseAlreadyBound = () => new ApiError(409, LICENSE_MESSAGES.alreadyBound, {}, { licenseId: [FIELD_ERROR_KEYS.noneOf] });

/**
 * Creates an organization bound to a free licence, in one transaction: the licence row is locked and bound only while
 * it is free, so two creates given the same licence bind it once. Its type follows the licence's product.
 */
export async function insertOrganization(db: Db, input: CreateOrganization, now: number): Promise<string> {
  const id = randomUUID();
  const at = new Date(now).toISOString();
  try {
    await inTransaction(db, async (trx) => {
      const license: LicenseRow | undefined = await lockedRowsWaiting(
        trx,
        trx.selectFrom('licenses').selectAll().where('id', '=', input.licenseId),
      ).executeTakeFirst();
      if (!license) throw new ApiError(400, LICENSE_MESSAGES.notFound, {}, { licenseId: [FIELD_ERROR_KEYS.notFound] });
      if (license.org_id !== null) throw licenseAlreadyBound();
      const { last } = await trx
        .selectFrom('organizations')
        .select((eb) => eb.fn.max('detail_number').as('last'))
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('organizations')
        .values({
          id,
          name: input.name,
          license_type: license.product,
          created_at: at,
          updated_at: at,
          is_platform: 0,
          detail_number: Number(last ?? 0) + 1,
          license_id: license.id,
        })
        .execute();
      const bound = await trx
        .updateTable('licenses')
        .set({ org_id: id, updated_at: at })
        .where('id', '=', license.id)
        .where('org_id', 'is', null)
        .executeTakeFirst();
      if (bound.numUpdatedRows !== 1n) throw licenseAlreadyBound();
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return id;
}

/** Renames an organization; false when there is none of that id. */
export async function renameOrganization(db: Db, id: string, name: string, now: number): Promise<boolean> {
  try {
    const result = await db
      .updateTable('organizations')
      .set({ name, updated_at: new Date(now).toISOString() })
      .where('id', '=', id)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}
