import type { Kysely, Migration } from 'kysely';

/**
 * State every server replica must share, kept in the database instead of DATA_DIR files or one process's memory:
 * secrets the server generates (the token signing key) and the failures the rate limits count.
 */
export const sharedStateMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
  },
};
