import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Users and groups (issue 13): groups of an organization's users, with a name unique per organization without case
 * (an expression index, as 0010 made organization names unique), and their members; users gain
 * `must_change_password` (1 while the user signs in with a password an administrator set). The old `users.groups`
 * JSON column stays but is no longer read: a user's groups come from group_members.
 */
export const usersGroupsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('groups')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('organizations.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await sql`create unique index groups_org_name on ${sql.table('groups')} (org_id, lower(name))`.execute(db);

    await db.schema
      .createTable('group_members')
      .addColumn('group_id', 'text', (col) => col.notNull().references('groups.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('group_members_pkey', ['group_id', 'user_id'])
      .execute();
    await db.schema.createIndex('group_members_user').on('group_members').column('user_id').execute();

    await db.schema.alterTable('users').addColumn('must_change_password', 'integer', (col) => col.notNull().defaultTo(0)).execute();
  },
};
