import { sql, type Kysely, type Migration } from 'kysely';

/**
 * iOS gateway client builds (issue 18). The list reads an organization's newest build, so rows are indexed by
 * organization and creation time. A partial unique index (SQLite and PostgreSQL both have them) allows one CREATING
 * build per organization: a second start fails its insert and answers 409.
 */
export const iosBuildsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('ios_builds')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('progress', 'integer', (col) => col.notNull())
      .addColumn('description', 'text')
      .addColumn('bundle_id', 'text', (col) => col.notNull())
      .addColumn('derived_bundle_id', 'text', (col) => col.notNull())
      .addColumn('team_id', 'text')
      .addColumn('file_name', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('ios_builds_org_created').on('ios_builds').columns(['org_id', 'created_at']).execute();
    await sql`create unique index ios_builds_one_creating on ios_builds (org_id) where status = 'CREATING'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('ios_builds').execute();
  },
};
