import type { Kysely, Migration } from 'kysely';

/**
 * Retries of failed flows (issue 29). A step result carries the attempt of its flow visit it belongs to (1 for the
 * first run of the flow, 2 for its first retry, ...) and `superseded` once a later attempt of the same visit started:
 * what counts as the flow's result in a run (history, classification, quarantine, datasets) reads the rows with
 * superseded = 0 only, so every step stored before this migration (attempt 1, not superseded) reads as before.
 * A run records the retries it ran with, and when it ends how many of its flows passed on a retry and how many were
 * flaky (null for runs ended before this migration). The collection's and the schedule's `retries` settings live in
 * their JSON documents (an absent field reads as 0, respectively as "the collection's").
 */
export const flowRetriesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('step_results').addColumn('attempt', 'integer', (col) => col.notNull().defaultTo(1)).execute();
    await db.schema.alterTable('step_results').addColumn('superseded', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('runs').addColumn('retries', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('runs').addColumn('passed_on_retry_flows', 'integer').execute();
    await db.schema.alterTable('runs').addColumn('flaky_flows', 'integer').execute();
  },
};
