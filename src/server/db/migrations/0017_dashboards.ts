import type { Kysely, Migration } from 'kysely';

/**
 * Dashboards (issue 16): saved reports, and the index the Captured Data feed reads runs by (an organization's runs
 * started within a range, optionally of some collections; collection_id in it so the filter reads the index alone).
 * Analytics Data bounds finished runs by completion time and reads runs_org_state_completed (0012).
 */
export const dashboardsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('dashboard_reports')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('title', 'text', (col) => col.notNull())
      .addColumn('settings', 'text', (col) => col.notNull())
      .addColumn('elements', 'text', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('dashboard_reports_org_updated').on('dashboard_reports').columns(['org_id', 'updated_at']).execute();
    await db.schema.createIndex('runs_org_started').on('runs').columns(['org_id', 'time_started', 'collection_id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('runs_org_started').execute();
    await db.schema.dropTable('dashboard_reports').execute();
  },
};
