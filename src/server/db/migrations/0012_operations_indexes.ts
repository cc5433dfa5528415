import type { Kysely, Migration } from 'kysely';

/**
 * Operations Centre (issue 14): the history search bounds and sorts finished runs by completion time within one
 * organization and state, and counts them; the collection summary groups an organization's finished runs of a window
 * by collection (collection_id in that index, so the grouping reads the index alone) and reads each collection's
 * latest run of the window (runs_collection_completed; collection first, so SQLite, which keeps no statistics here,
 * never prefers it for the grouping over the narrower window); the schedule summary lists an organization's firings by
 * trigger time. The first runs index starts with the columns of runs_org_state (0010), which it replaces. Trigger-time
 * searches keep runs_org_submitted (0009).
 */
export const operationsIndexesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('runs_org_state_completed')
      .on('runs')
      .columns(['org_id', 'state', 'time_completed', 'collection_id'])
      .execute();
    await db.schema.dropIndex('runs_org_state').execute();
    await db.schema.createIndex('runs_collection_completed').on('runs').columns(['collection_id', 'org_id', 'time_completed']).execute();
    await db.schema.createIndex('schedule_executions_org_triggered').on('schedule_executions').columns(['org_id', 'triggered_at']).execute();
  },
};
