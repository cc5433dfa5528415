import type { Kysely, Migration } from 'kysely';

/**
 * Retention (issue 30): each organization's retention setting, and the mark a run's files carry once the artifact
 * retention removed them (so its report says so instead of showing a broken image). An organization without a row
 * keeps the defaults (RETENTION_DEFAULTS, src/shared/contracts/retention.ts). audit_days is read by the audit trail.
 */
export const retentionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('retention_settings')
      .addColumn('org_id', 'text', (col) => col.primaryKey().references('organizations.id').onDelete('cascade'))
      .addColumn('runs_days', 'integer', (col) => col.notNull())
      .addColumn('artifacts_days', 'integer', (col) => col.notNull())
      .addColumn('audit_days', 'integer', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .execute();
    // The purge finds due runs through runs_org_state_completed (0012); no index of its own.
    await db.schema.alterTable('runs').addColumn('artifacts_removed_at', 'text').execute();
  },
};
