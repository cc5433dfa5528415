import { sql, type Kysely, type Migration, type QueryExecutorProvider } from 'kysely';

/**
 * Gives the runs a schedule queued the firing's schedule name and kind, where they have none: each run has at most one
 * firing (schedule_execution_items.status_id is unique).
 */
export async function backfillRunSchedules(db: QueryExecutorProvider): Promise<void> {
  await sql`
    update runs set
      schedule_name = (select firing.schedule_name from schedule_execution_items item
        inner join schedule_executions firing on firing.id = item.execution_id where item.status_id = runs.status_id),
      schedule_kind = (select firing.kind from schedule_execution_items item
        inner join schedule_executions firing on firing.id = item.execution_id where item.status_id = runs.status_id)
    where schedule_name is null and status_id in (select status_id from schedule_execution_items where status_id is not null)`.execute(db);
}

/**
 * Runs a schedule queued name it (issue 27): the schedule's name when it fired and the firing's kind (SCHEDULED,
 * CATCH_UP or RUN_NOW), so run tables say "Schedule: <name>" rather than the name of the schedule's author. triggered_by
 * keeps the user (the schedule's author, or whoever pressed Run Now). Runs queued before this migration take both from
 * the firing that queued them.
 */
export const runScheduleMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('runs').addColumn('schedule_name', 'text').execute();
    await db.schema.alterTable('runs').addColumn('schedule_kind', 'text').execute();
    await backfillRunSchedules(db);
  },
};
