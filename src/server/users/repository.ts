import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StoredUser } from '../../shared/contracts/auth';
import type { Db } from '../db/database';
import type { UsersTable } from '../db/schema';

export type UserRow = UsersTable;

export interface NewUser {
  email: string;
  passwordHash: string;
  orgId: string;
  firstName?: string;
  lastName?: string;
  roleName?: string;
  roleDescription?: string;
  features?: readonly string[];
  groups?: readonly string[];
}

const stringListSchema = z.array(z.string());

/** Sign-in names are e-mails compared without case or surrounding blanks. */
export function normalizeUserId(email: string): string {
  return email.trim().toLowerCase();
}

export function userFeatures(row: Pick<UserRow, 'features'>): string[] {
  return stringListSchema.parse(JSON.parse(row.features));
}

export function toStoredUser(row: UserRow): StoredUser {
  return {
    id: row.id,
    userId: row.user_id,
    orgId: row.org_id,
    groups: stringListSchema.parse(JSON.parse(row.groups)),
    userDetails: { firstName: row.first_name, lastName: row.last_name },
    role: { roleName: row.role_name, roleDescription: row.role_description },
    permissions: { features: userFeatures(row) },
  };
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUserId(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_id', '=', normalizeUserId(email)).executeTakeFirst();
}

export function listUsers(db: Db): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().orderBy('user_id').execute();
}

export async function countUsers(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  const now = new Date().toISOString();
  const row: UserRow = {
    id: randomUUID(),
    user_id: normalizeUserId(user.email),
    password_hash: user.passwordHash,
    first_name: user.firstName ?? '',
    last_name: user.lastName ?? '',
    org_id: user.orgId,
    role_name: user.roleName ?? '',
    role_description: user.roleDescription ?? '',
    features: JSON.stringify(user.features ?? []),
    groups: JSON.stringify(user.groups ?? []),
    created_at: now,
    updated_at: now,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function setUserFeatures(db: Db, id: string, features: readonly string[]): Promise<void> {
  await db
    .updateTable('users')
    .set({ features: JSON.stringify(features), updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}
