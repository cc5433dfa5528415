import type { Kysely, Migration } from 'kysely';
import { autoIncrementId } from '../dialect';

/**
 * The audit trail (issue 30): one row per administrative change, who made it, in which organization, on what, and the
 * entity before and after (JSON text, secrets masked). `seq` orders rows as they were written; the indexes serve the
 * Audit Trail screen's filters, each within one organization and newest first.
 */
export const auditLogMigration: Migration = {
  async up(db: Kysely<unknown>) {
    const seq = autoIncrementId(db);
    await db.schema
      .createTable('audit_log')
      .addColumn('seq', seq.type, seq.build)
      .addColumn('at', 'text', (col) => col.notNull())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('actor_id', 'text', (col) => col.notNull())
      .addColumn('actor_name', 'text', (col) => col.notNull())
      .addColumn('entity_type', 'text', (col) => col.notNull())
      .addColumn('entity_id', 'text', (col) => col.notNull())
      .addColumn('action', 'text', (col) => col.notNull())
      .addColumn('before_json', 'text')
      .addColumn('after_json', 'text')
      .execute();
    await db.schema.createIndex('audit_log_org_at').on('audit_log').columns(['org_id', 'at']).execute();
    await db.schema.createIndex('audit_log_org_actor_at').on('audit_log').columns(['org_id', 'actor_id', 'at']).execute();
    await db.schema.createIndex('audit_log_org_entity_at').on('audit_log').columns(['org_id', 'entity_type', 'at']).execute();
    // Across organizations (a platform administrator's unfiltered view) and the retention purge by age.
    await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute();
  },
};
