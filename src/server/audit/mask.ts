import { AUDIT_MASK } from '../../shared/contracts/audit';

/**
 * Keys whose values are secrets in the entities the audit trail records: password hashes and ciphers, the Jira API
 * token, refresh tokens, SMTP passwords, bot secrets and API keys. A key-name rule rather than a list per table, so a
 * secret column added later is masked without anyone remembering the audit trail.
 */
const SECRET_KEY = /pass(word|wd)?|secret|token|api_?key|cipher|sealed|hash|credential|private_?key/i;

/** What a secret that changed reads as in the entry's after. */
export const AUDIT_MASK_CHANGED = `${AUDIT_MASK} (changed)`;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `value` with every secret replaced by the mask (a null or empty secret stays as it is: whether one is set is no
 * secret). With `previous`, the value before the change, a secret that differs from it reads AUDIT_MASK_CHANGED.
 */
export function maskSecrets(value: unknown, previous?: unknown): unknown {
  if (Array.isArray(value)) return value.map((item, index) => maskSecrets(item, Array.isArray(previous) ? previous[index] : undefined));
  if (!isRecord(value)) return value;
  const before = isRecord(previous) ? previous : undefined;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      if (!SECRET_KEY.test(key) || field === null || field === undefined || field === '') return [key, maskSecrets(field, before?.[key])];
      const changed = before !== undefined && key in before && before[key] !== field;
      return [key, changed ? AUDIT_MASK_CHANGED : AUDIT_MASK];
    }),
  );
}
