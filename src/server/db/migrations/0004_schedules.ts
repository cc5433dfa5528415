import { sql, type Kysely, type Migration } from 'kysely';
import { autoIncrementId } from '../dialect';

/** Schedules, their firings (execution history), the collections of each firing, queued-schedule rows and notes. */
export const schedulesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoIncrementId(db);
    await db.schema
      .createTable('schedules')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('organizations.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('enabled', 'integer', (col) => col.notNull())
      .addColumn('definition', 'text', (col) => col.notNull())
      .addColumn('next_execution_at', 'bigint')
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .addColumn('updated_at', 'bigint', (col) => col.notNull())
      .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('deleted', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    // The scheduler's only per-tick query over schedules reads this partial index: due = enabled, live, next <= now.
    await sql`create index schedules_due on schedules (next_execution_at) where enabled = 1 and deleted = 0`.execute(db);
    await sql`create index schedules_org on schedules (org_id) where deleted = 0`.execute(db);

    await db.schema
      .createTable('schedule_executions')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('schedule_id', 'text', (col) => col.notNull().references('schedules.id'))
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('SCHEDULED', 'RUN_NOW', 'CATCH_UP', 'MISSED')`))
      .addColumn('planned_at', 'bigint')
      .addColumn('triggered_at', 'bigint', (col) => col.notNull())
      .addColumn('status', 'text', (col) =>
        col.notNull().check(sql`status in ('QUEUED', 'RUNNING', 'COMPLETED', 'CANCELLED', 'MISSED')`),
      )
      .addColumn('triggered_by', 'text', (col) => col.notNull())
      .addColumn('cancelled_by', 'text')
      .addColumn('schedule_name', 'text', (col) => col.notNull())
      .addColumn('collection_tags', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('version_tags', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('runtime', 'text', (col) => col.notNull())
      .addColumn('notified_at', 'bigint')
      .execute();
    await db.schema.createIndex('schedule_executions_schedule').on('schedule_executions').columns(['schedule_id', 'triggered_at']).execute();
    await sql`create index schedule_executions_active on schedule_executions (status) where status in ('QUEUED', 'RUNNING')`.execute(db);

    await db.schema
      .createTable('schedule_execution_items')
      .addColumn('id', id.type, id.build)
      .addColumn('execution_id', 'text', (col) => col.notNull().references('schedule_executions.id').onDelete('cascade'))
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('collection_id', 'text', (col) => col.notNull())
      .addColumn('test_suite_name', 'text', (col) => col.notNull())
      .addColumn('version_tag', 'text')
      .addColumn('state', 'text', (col) => col.notNull().check(sql`state in ('PENDING', 'ENQUEUED', 'SKIPPED')`))
      .addColumn('status_id', 'text', (col) => col.unique())
      .execute();
    await db.schema.createIndex('schedule_execution_items_execution').on('schedule_execution_items').columns(['execution_id', 'position']).execute();

    await db.schema
      .createTable('queued_schedules')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('execution_id', 'text', (col) => col.notNull().unique().references('schedule_executions.id').onDelete('cascade'))
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('created_at', 'bigint', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('schedule_notes')
      .addColumn('id', id.type, id.build)
      .addColumn('execution_id', 'text', (col) => col.notNull().references('schedule_executions.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (col) => col.notNull())
      .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in ('NOTE', 'NOTIFICATION')`))
      .addColumn('text', 'text', (col) => col.notNull())
      // Comma-separated addresses a NOTIFICATION is for; delivered once email exists.
      .addColumn('recipients', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('delivered_at', 'bigint')
      .execute();
    await db.schema.createIndex('schedule_notes_execution').on('schedule_notes').column('execution_id').execute();
  },
};
