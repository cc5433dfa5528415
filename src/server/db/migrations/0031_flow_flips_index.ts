import type { Kysely, Migration } from 'kysely';
import { FLIP_COUNT_COLUMNS } from './0030_flaky_view_indexes';

/**
 * A flow's results by end time, carrying what the Flaky flows view's flip count reads (issue 29's 200 ms budget).
 *
 * The count groups the range's results by flow. Read by organization and time (0030's index), SQLite sorted the
 * range's tens of thousands of rows by flow for the GROUP BY, about half of the count's time. Read flow by flow on this
 * index, each flow's range arrives in one seek, already together. PostgreSQL, which hashes the groups, keeps reading
 * 0030's index. This index begins with 0027's `(org_id, collection_id, flow_id, ended_at, status_id)`, which it
 * replaces: the strips and a collection's flow history read it as before.
 */
export const flowFlipsIndexMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('run_flow_results_flow_ended').execute();
    await db.schema
      .createIndex('run_flow_results_flow_flips')
      .on('run_flow_results')
      .columns(['org_id', 'collection_id', 'flow_id', 'ended_at', 'status_id', ...FLIP_COUNT_COLUMNS])
      .execute();
  },
};
