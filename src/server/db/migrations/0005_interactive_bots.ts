import { sql, type Kysely, type Migration } from 'kysely';
import { autoIncrementId } from '../dialect';

/** Interactive bots (schema-bots.ts). */
export const interactiveBotsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoIncrementId(db);
    await db.schema
      .createTable('interactive_bots')
      .addColumn('id', id.type, id.build)
      .addColumn('trigger_id', 'text', (col) => col.notNull().unique())
      .addColumn('org_id', 'text', (col) => col.notNull().references('organizations.id'))
      .addColumn('interactive_trigger_name', 'text', (col) => col.notNull())
      .addColumn('trigger_intent', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('ACTIVE', 'INACTIVE', 'DISABLED')`))
      .addColumn('teststatus_id', 'text', (col) => col.notNull().references('collections.id'))
      .addColumn('secret_hash', 'text', (col) => col.notNull().unique())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('date_created', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    // A deleted (DISABLED) bot frees its intent for a new one.
    await sql`create unique index interactive_bots_live_intent on interactive_bots (org_id, lower(trigger_intent)) where status != 'DISABLED'`.execute(db);
  },
};
