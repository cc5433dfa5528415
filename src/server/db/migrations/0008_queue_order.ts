import type { Kysely, Migration } from 'kysely';

/**
 * Runs triggered within one millisecond keep their trigger order without SQLite's rowid, which PostgreSQL lacks: each
 * run carries a number that grows with every run a process queues (runs/repository.ts, nextQueueOrder).
 */
export const queueOrderMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('runs').addColumn('queue_order', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
  },
};
