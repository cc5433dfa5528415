import { randomUUID } from 'node:crypto';
import { GROUP_MESSAGES, type Group } from '../../shared/contracts/groups';
import { inTransaction, type Db } from '../db/database';
import { isUniqueViolation } from '../db/dialect';
import type { GroupsTable } from '../db/schema-groups';
import { ApiError } from '../http/apiError';

export const groupNotFound = () => new ApiError(404, GROUP_MESSAGES.notFound);
const nameTaken = () => new ApiError(409, GROUP_MESSAGES.nameTaken, {}, { name: [GROUP_MESSAGES.nameTaken] });

export interface GroupFields {
  name: string;
  description: string;
  members: readonly string[];
}

async function membersOf(db: Db, groupIds: readonly string[]): Promise<Map<string, Group['members']>> {
  const byGroup = new Map<string, Group['members']>();
  if (groupIds.length === 0) return byGroup;
  const rows = await db
    .selectFrom('group_members as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.group_id', 'u.id', 'u.user_id', 'u.first_name', 'u.last_name'])
    .where('m.group_id', 'in', groupIds)
    .orderBy('u.user_id')
    .execute();
  for (const row of rows) {
    const member = { id: row.id, userId: row.user_id, firstName: row.first_name, lastName: row.last_name };
    byGroup.set(row.group_id, [...(byGroup.get(row.group_id) ?? []), member]);
  }
  return byGroup;
}

function toGroup(row: GroupsTable, members: Group['members'] = []): Group {
  return { id: row.id, orgId: row.org_id, name: row.name, description: row.description, members, createdAt: row.created_at, updatedAt: row.updated_at };
}

export async function listGroups(db: Db, orgId: string): Promise<Group[]> {
  const rows = await db.selectFrom('groups').selectAll().where('org_id', '=', orgId).orderBy('name').execute();
  const members = await membersOf(db, rows.map((row) => row.id));
  return rows.map((row) => toGroup(row, members.get(row.id)));
}

export function findGroupRow(db: Db, id: string): Promise<GroupsTable | undefined> {
  return db.selectFrom('groups').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function groupById(db: Db, id: string): Promise<Group> {
  const row = await findGroupRow(db, id);
  if (!row) throw groupNotFound();
  return toGroup(row, (await membersOf(db, [id])).get(id));
}

/** Refuses, as a field error of `members`, any id that is not a user of organization `orgId`. */
async function assertMembersOf(db: Db, orgId: string, members: readonly string[]): Promise<string[]> {
  const unique = [...new Set(members)];
  if (unique.length === 0) return unique;
  const found = await db.selectFrom('users').select('id').where('org_id', '=', orgId).where('id', 'in', unique).execute();
  if (found.length !== unique.length) {
    throw new ApiError(400, GROUP_MESSAGES.unknownMember, {}, { members: [GROUP_MESSAGES.unknownMember] });
  }
  return unique;
}

async function replaceMembers(trx: Db, groupId: string, members: readonly string[]): Promise<void> {
  await trx.deleteFrom('group_members').where('group_id', '=', groupId).execute();
  if (members.length > 0) await trx.insertInto('group_members').values(members.map((userId) => ({ group_id: groupId, user_id: userId }))).execute();
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function insertGroup(db: Db, orgId: string, fields: GroupFields): Promise<string> {
  const members = await assertMembersOf(db, orgId, fields.members);
  const id = randomUUID();
  const at = new Date().toISOString();
  await uniqueName(() =>
    inTransaction(db, async (trx) => {
      await trx.insertInto('groups').values({ id, org_id: orgId, name: fields.name, description: fields.description, created_at: at, updated_at: at }).execute();
      await replaceMembers(trx, id, members);
    }),
  );
  return id;
}

export async function updateGroup(db: Db, group: GroupsTable, fields: GroupFields): Promise<void> {
  const members = await assertMembersOf(db, group.org_id, fields.members);
  await uniqueName(() =>
    inTransaction(db, async (trx) => {
      await trx
        .updateTable('groups')
        .set({ name: fields.name, description: fields.description, updated_at: new Date().toISOString() })
        .where('id', '=', group.id)
        .execute();
      await replaceMembers(trx, group.id, members);
    }),
  );
}

export async function deleteGroup(db: Db, id: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('group_members').where('group_id', '=', id).execute();
    await trx.deleteFrom('groups').where('id', '=', id).execute();
  });
}
