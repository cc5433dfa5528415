import type { Kysely, Migration } from 'kysely';

/** One Jira per organization (server/jira): where it is, who calls it, and the API token sealed with AES-256-GCM. */
export const jiraMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('jira_configurations')
      .addColumn('org_id', 'text', (col) => col.primaryKey())
      .addColumn('base_url', 'text', (col) => col.notNull())
      .addColumn('user_email', 'text', (col) => col.notNull())
      .addColumn('api_token_sealed', 'text', (col) => col.notNull())
      .addColumn('api_version', 'text', (col) => col.notNull())
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('jira_configurations').execute();
  },
};
