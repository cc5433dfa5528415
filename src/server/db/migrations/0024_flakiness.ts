import type { Kysely, Migration } from 'kysely';

/**
 * Flaky flows and failure history (issue 29). A run stores the content hash of the collection document it ran
 * (collection_hash: "the same code") and the kind of resource it ran on (resource_kind: BROWSER, DESKTOP or MOBILE,
 * set when it is dispatched). A failed step result stores its failure signature. Runs and steps recorded before this
 * migration keep nulls: such a run is never the same version as another, and its failures match no signature.
 * The index serves the look-up of a flow's earlier failures with one signature.
 */
export const flakinessMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('runs').addColumn('collection_hash', 'text').execute();
    await db.schema.alterTable('runs').addColumn('resource_kind', 'text').execute();
    await db.schema.alterTable('step_results').addColumn('failure_signature', 'text').execute();
    await db.schema.createIndex('step_results_flow_signature').on('step_results').columns(['flow_id', 'failure_signature']).execute();
  },
};
