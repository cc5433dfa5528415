import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Recordings on desktop gateway agents (issue 18). A partial unique index (SQLite and PostgreSQL both have them)
 * lets one device hold one recording that is not over yet, so two starts racing for a device cannot both succeed.
 * Actions are keyed by (recording_id, seq): a batch the agent sends again over a dropped link is stored once.
 */
export const recordingsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('recordings')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('device_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('message', 'text', (col) => col.notNull())
      .addColumn('action_count', 'integer', (col) => col.notNull())
      .addColumn('collection_id', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('recordings_user_updated').on('recordings').columns(['user_id', 'updated_at']).execute();
    await db.schema.createIndex('recordings_device_updated').on('recordings').columns(['device_id', 'updated_at']).execute();
    await sql`create unique index recordings_one_per_device on recordings (device_id) where status in ('INPROGRESS', 'IDLE', 'PROCESSING')`.execute(db);
    await db.schema
      .createTable('recording_actions')
      .addColumn('recording_id', 'text', (col) => col.notNull())
      .addColumn('seq', 'integer', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('step_name', 'text', (col) => col.notNull())
      .addColumn('target', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('recording_actions_pk', ['recording_id', 'seq'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('recording_actions').execute();
    await db.schema.dropTable('recordings').execute();
  },
};
