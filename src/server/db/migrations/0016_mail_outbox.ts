import type { Kysely, Migration } from 'kysely';

/**
 * Run notifications (issue 15): the durable outbox of mails. A row is written in the transaction that ends a run or a
 * firing (or records a firing's wait in the queue), so a crash between the two cannot lose a mail; the worker sends
 * it later with retries. `dedupe_key` is unique so that one event never queues two mails. Times are epoch ms.
 */
export const mailOutboxMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull())
      .addColumn('dedupe_key', 'text', (col) => col.notNull().unique())
      .addColumn('recipients', 'text', (col) => col.notNull())
      .addColumn('payload', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'bigint', (col) => col.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'bigint')
      .addColumn('sent_at', 'bigint')
      .addColumn('last_error', 'text')
      .execute();
    await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['sent_at', 'next_attempt_at']).execute();
  },
};
