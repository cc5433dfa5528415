import type { AuditEntry } from '../../shared/contracts/audit';

type Fields = Record<string, unknown>;

const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** The fields that name an entity, in the order one is looked for. */
const NAME_FIELDS = ['name', 'variable_name', 'user_id', 'from_email', 'base_url'];

/**
 * One line of what an entry changed, for the table: "field: before → after" per changed field of an update, and the
 * entity's name for a create or delete. The full before and after go to the CSV.
 */
export function auditChangeSummary(entry: Pick<AuditEntry, 'before' | 'after'>): string {
  const before = isFields(entry.before) ? entry.before : undefined;
  const after = isFields(entry.after) ? entry.after : undefined;
  if (before && after) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return keys
      .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
      .map((key) => `${key}: ${shown(before[key] ?? '')} → ${shown(after[key] ?? '')}`)
      .join('; ');
  }
  const entity = after ?? before;
  const nameField = entity && NAME_FIELDS.find((key) => typeof entity[key] === 'string');
  return entity && nameField ? `${nameField}: ${shown(entity[nameField])}` : '';
}
