import type { Kysely, Migration } from 'kysely';

/**
 * Flow quarantine (issue 29). flow_quarantines holds each flow's latest quarantine, in force while released_at is
 * null, with who quarantined it and why, and who or what released it. run_quarantined_failures records, per run, the
 * quarantined flows that failed in it (with the quarantine as it was then), which the run's result did not count.
 */
export const flowQuarantineMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('flow_quarantines')
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('collection_id', 'text', (col) => col.notNull())
      .addColumn('flow_id', 'text', (col) => col.notNull())
      .addColumn('flow_name', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('quarantined_by', 'text', (col) => col.notNull())
      .addColumn('quarantined_at', 'text', (col) => col.notNull())
      .addColumn('released_at', 'text')
      .addColumn('released_by', 'text')
      .addColumn('release_kind', 'text')
      .addColumn('released_in_run', 'text')
      .addPrimaryKeyConstraint('flow_quarantines_pk', ['org_id', 'collection_id', 'flow_id'])
      .execute();
    await db.schema
      .createTable('run_quarantined_failures')
      .addColumn('status_id', 'text', (col) => col.notNull())
      .addColumn('flow_id', 'text', (col) => col.notNull())
      .addColumn('flow_name', 'text', (col) => col.notNull())
      .addColumn('reason', 'text', (col) => col.notNull())
      .addColumn('quarantined_by', 'text', (col) => col.notNull())
      .addColumn('quarantined_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('run_quarantined_failures_pk', ['status_id', 'flow_id'])
      .execute();
  },
};
