import type { Kysely, Migration } from 'kysely';

/** What the flip count reads of each result, after the columns an index is searched by. */
export const FLIP_COUNT_COLUMNS = ['result', 'previous_result', 'previous_ended_at', 'passed_on_retry', 'collection_hash', 'resource_kind'];

/**
 * Indexes that answer the Flaky flows view's two scans from the index alone (issue 29's 200 ms budget): reading each
 * of the range's tens of thousands of rows from the table cost SQLite more than comparing them.
 *
 * - The organization's results by end time now carry what the flip count reads, so the count never visits the table.
 *   It replaces 0027's `(org_id, ended_at)`, which it begins with.
 * - A flow's failures by end time, with their first failed step: the top signatures read only the failed results of
 *   the listed flows, not all their results.
 */
export const flakyViewIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('run_flow_results_org_ended').execute();
    await db.schema
      .createIndex('run_flow_results_org_ended_flips')
      .on('run_flow_results')
      .columns(['org_id', 'ended_at', 'collection_id', 'flow_id', ...FLIP_COUNT_COLUMNS])
      .execute();
    await db.schema
      .createIndex('run_flow_results_flow_failures')
      .on('run_flow_results')
      .columns(['org_id', 'collection_id', 'flow_id', 'result', 'ended_at', 'first_failed_id'])
      .execute();
  },
};
