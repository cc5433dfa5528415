import type { Generated } from 'kysely';

/** The table of migration 0029_audit_log. `at` is ISO-8601 UTC text; before/after are JSON text, secrets masked. */
export interface AuditLogTable {
  seq: Generated<number>;
  at: string;
  org_id: string;
  actor_id: string;
  actor_name: string;
  entity_type: string;
  entity_id: string;
  action: 'create' | 'update' | 'delete';
  before_json: string | null;
  after_json: string | null;
}
