import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { StoredUser } from '../../shared/contracts/auth';
import type { UserAccount } from '../../shared/contracts/users';
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
  /** The user must replace this password at the first sign-in (an administrator set it). */
  mustChangePassword?: boolean;
}

const stringListSchema = z.array(z.string());

/** Sign-in names are e-mails compared without case or surrounding blanks. */
export function normalizeUserId(email: string): string {
  return email.trim().toLowerCase();
}

export function userFeatures(row: Pick<UserRow, 'features'>): string[] {
  return stringListSchema.parse(JSON.parse(row.features));
}

/** A user's groups are the group_members rows (the old users.groups column is no longer read). */
export function toStoredUser(row: UserRow, groups: readonly string[] = []): StoredUser {
  return {
    id: row.id,
    userId: row.user_id,
    orgId: row.org_id,
    groups: [...groups],
    userDetails: { firstName: row.first_name, lastName: row.last_name },
    role: { roleName: row.role_name, roleDescription: row.role_description },
    permissions: { features: userFeatures(row) },
  };
}

export function toUserAccount(row: UserRow, groups: readonly string[] = []): UserAccount {
  return { ...toStoredUser(row, groups), active: row.active !== 0, mustChangePassword: row.must_change_password === 1, email: row.user_id };
}

/** The ids of the groups each of `userIds` belongs to. */
export async function groupIdsOfUsers(db: Db, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const byUser = new Map<string, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db.selectFrom('group_members').select(['user_id', 'group_id']).where('user_id', 'in', userIds).orderBy('group_id').execute();
  for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.group_id]);
  return byUser;
}

export async function storedUserOf(db: Db, row: UserRow): Promise<StoredUser> {
  return toStoredUser(row, (await groupIdsOfUsers(db, [row.id])).get(row.id));
}

export async function userAccountOf(db: Db, row: UserRow): Promise<UserAccount> {
  return toUserAccount(row, (await groupIdsOfUsers(db, [row.id])).get(row.id));
}

export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByUserId(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('user_id', '=', normalizeUserId(email)).executeTakeFirst();
}

/** The users of organization `orgId` as the administration screens list them. */
export async function listUserAccounts(db: Db, orgId: string): Promise<UserAccount[]> {
  const rows = await db.selectFrom('users').selectAll().where('org_id', '=', orgId).orderBy('user_id').execute();
  const groups = await groupIdsOfUsers(db, rows.map((row) => row.id));
  return rows.map((row) => toUserAccount(row, groups.get(row.id)));
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
    groups: '[]',
    created_at: now,
    updated_at: now,
    active: 1,
    must_change_password: user.mustChangePassword === true ? 1 : 0,
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

export async function setUserActive(db: Db, id: string, active: boolean): Promise<void> {
  await db.updateTable('users').set({ active: active ? 1 : 0, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/** Replaces the user's password hash and clears the first-sign-in change. */
export async function setUserPassword(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, must_change_password: 0, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .execute();
}
