import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Records every finished run not recorded yet; plain SQL both engines read. The bench's bulk fills use it too, since
 * they write runs and steps without finishRun.
 */
export const RECORD_FINISHED_RUNS_SQL = `
  INSERT INTO run_flow_results
    (status_id, flow_id, org_id, collection_id, flow_name, ended_at, collection_hash, resource_kind, result, passed_on_retry, first_failed_id)
  SELECT status_id, flow_id, org_id, collection_id, flow_name, time_completed, collection_hash, resource_kind,
    CASE WHEN failed > 0 THEN 'FAILED'
         WHEN state IN ('ABORTED', 'CANCELLED') THEN 'ABORTED'
         WHEN skipped = steps THEN 'SKIPPED'
         ELSE 'PASSED' END,
    CASE WHEN failed = 0 AND state NOT IN ('ABORTED', 'CANCELLED') AND skipped < steps THEN attempt - 1 ELSE 0 END,
    first_failed_id
  FROM (
    SELECT r.status_id, s.flow_id, r.org_id, r.collection_id, MAX(s.flow_name) AS flow_name, r.time_completed,
      r.collection_hash, r.resource_kind, r.state, COUNT(*) AS steps,
      SUM(CASE WHEN s.result = 'FAILED' THEN 1 ELSE 0 END) AS failed,
      SUM(CASE WHEN s.result = 'SKIPPED' THEN 1 ELSE 0 END) AS skipped,
      MIN(CASE WHEN s.result = 'FAILED' THEN s.id END) AS first_failed_id,
      MAX(s.attempt) AS attempt
    FROM runs r JOIN step_results s ON s.status_id = r.status_id AND s.superseded = 0
    WHERE r.state IN ('PASSED', 'FAILED', 'ABORTED', 'CANCELLED') AND r.time_completed IS NOT NULL
      AND NOT EXISTS (SELECT 1 FROM run_flow_results recorded WHERE recorded.status_id = r.status_id)
    GROUP BY r.status_id, s.flow_id, r.org_id, r.collection_id, r.time_completed, r.collection_hash, r.resource_kind, r.state
  ) AS flows`;

/**
 * Links every PASSED or FAILED result that has a version and resource kind to the one before it on the same flow,
 * version and kind (by end time, then run): the flips of the Flaky flows view are read from these links. finishRun
 * links each result as it records it (linkFlowResult, runs/flowResults.ts); the back-fill and the bench's bulk fills
 * link theirs with this statement, which both engines read.
 */
export const LINK_PREVIOUS_RESULTS_SQL = `
  UPDATE run_flow_results SET previous_result = linked.previous_result, previous_ended_at = linked.previous_ended_at
  FROM (
    SELECT status_id, flow_id, LAG(result) OVER sequence AS previous_result, LAG(ended_at) OVER sequence AS previous_ended_at
    FROM run_flow_results
    WHERE collection_hash IS NOT NULL AND resource_kind IS NOT NULL AND result IN ('PASSED', 'FAILED')
    WINDOW sequence AS (PARTITION BY org_id, collection_id, flow_id, collection_hash, resource_kind ORDER BY ended_at, status_id)
  ) AS linked
  WHERE run_flow_results.status_id = linked.status_id AND run_flow_results.flow_id = linked.flow_id
    AND linked.previous_result IS NOT NULL`;

/**
 * Each finished run's result per flow, recorded once when the run ends (issue 29): the history strips, the failure
 * classification, quarantine recovery and the Flaky flows view read these rows instead of grouping every step result
 * of the range again (about 155 000 of them for 14 days of 20 collections: seconds, against a 200 ms budget).
 *
 * The back-fill (RECORD_FINISHED_RUNS_SQL) states, as SQL frozen with this migration, the rule `flowResultOf` (runs/flowResults.ts) applies
 * to runs from now on: a flow FAILED when a step of its last attempt failed, ABORTED when the run was aborted or
 * cancelled, SKIPPED when all its steps were, else PASSED.
 */
export const runFlowResultsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('run_flow_results')
      .addColumn('status_id', 'text', (col) => col.notNull())
      .addColumn('flow_id', 'text', (col) => col.notNull())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('collection_id', 'text', (col) => col.notNull())
      .addColumn('flow_name', 'text', (col) => col.notNull())
      .addColumn('ended_at', 'text', (col) => col.notNull())
      .addColumn('collection_hash', 'text')
      .addColumn('resource_kind', 'text')
      .addColumn('result', 'text', (col) => col.notNull())
      .addColumn('passed_on_retry', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('first_failed_id', 'integer')
      .addColumn('previous_result', 'text')
      .addColumn('previous_ended_at', 'text')
      .addPrimaryKeyConstraint('run_flow_results_pk', ['status_id', 'flow_id'])
      .execute();
    // The Flaky flows view: an organization's results by end time.
    await db.schema.createIndex('run_flow_results_org_ended').on('run_flow_results').columns(['org_id', 'ended_at']).execute();
    // A collection's flow history, a flow's strip and its earlier results (classification, recovery, links), in their order.
    await db.schema
      .createIndex('run_flow_results_flow_ended')
      .on('run_flow_results')
      .columns(['org_id', 'collection_id', 'flow_id', 'ended_at', 'status_id'])
      .execute();
    await sql.raw(RECORD_FINISHED_RUNS_SQL).execute(db);
    await sql.raw(LINK_PREVIOUS_RESULTS_SQL).execute(db);
  },
};
