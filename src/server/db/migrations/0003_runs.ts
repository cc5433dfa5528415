import { sql, type Kysely, type Migration } from 'kysely';
import { autoIncrementId } from '../dialect';

export const runsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const id = autoIncrementId(db);
    await db.schema
      .createTable('runs')
      .addColumn('status_id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('collection_id', 'text', (col) => col.notNull())
      .addColumn('test_suite_name', 'text', (col) => col.notNull())
      .addColumn('collection', 'text', (col) => col.notNull())
      .addColumn('state', 'text', (col) =>
        col.notNull().check(sql`state in ('QUEUED', 'RUNNING', 'PASSED', 'FAILED', 'CANCELLED', 'ABORTED')`),
      )
      .addColumn('device_type', 'text', (col) => col.notNull())
      .addColumn('hybrid_device_ids', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('resource_ids', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('time_submitted', 'text', (col) => col.notNull())
      .addColumn('time_started', 'text')
      .addColumn('time_completed', 'text')
      .addColumn('triggered_by', 'text', (col) => col.notNull())
      .addColumn('cancelled_by', 'text')
      .addColumn('progress', 'text', (col) => col.notNull())
      .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
      .execute();
    await db.schema.createIndex('runs_state_submitted').on('runs').columns(['state', 'time_submitted']).execute();
    await db.schema.createIndex('runs_completed').on('runs').column('time_completed').execute();

    await db.schema
      .createTable('step_results')
      .addColumn('id', id.type, id.build)
      .addColumn('status_id', 'text', (col) => col.notNull().references('runs.status_id').onDelete('cascade'))
      .addColumn('flow_index', 'integer', (col) => col.notNull())
      .addColumn('flow_id', 'text', (col) => col.notNull())
      .addColumn('flow_name', 'text', (col) => col.notNull())
      .addColumn('flow_type', 'text', (col) => col.notNull())
      .addColumn('flow_loop', 'integer', (col) => col.notNull())
      .addColumn('step_id', 'text', (col) => col.notNull())
      .addColumn('step_name', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('result', 'text', (col) => col.notNull().check(sql`result in ('PASSED', 'FAILED', 'SKIPPED')`))
      .addColumn('error_detail', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('validation_result', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('images', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('attachments', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('time_started', 'text', (col) => col.notNull())
      .addColumn('time_completed', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('step_results_run').on('step_results').column('status_id').execute();

    await db.schema
      .createTable('run_logs')
      .addColumn('id', id.type, id.build)
      .addColumn('status_id', 'text', (col) => col.notNull().references('runs.status_id').onDelete('cascade'))
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('run_logs_run').on('run_logs').column('status_id').execute();
  },
};
