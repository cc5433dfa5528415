import type { ColumnType } from 'kysely';

/** Tables and columns of migration 0010_organizations. Instants are ISO-8601 UTC text, booleans 0/1. */

/** A column the database fills with its default when an insert leaves it out. */
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface OrganizationsTable {
  id: string;
  name: string;
  license_type: string;
  created_at: string;
  /** 1 for the organization of the platform's administrators (the first start's): it has no licence. */
  is_platform: Defaulted<number>;
  /** A running number given at creation (1, 2, ...); 0 for rows inserted without one. */
  detail_number: Defaulted<number>;
  /** The licence bound to it (licenses.org_id says the same); null: unlimited. */
  license_id: Defaulted<string | null>;
  updated_at: Defaulted<string | null>;
}

export interface LicensesTable {
  id: string;
  name: string;
  /** RTA, RPA or DOMA (CLIENT_TYPES). */
  product: string;
  trial: number;
  /** Active users at most. */
  users: number;
  duration_days: number;
  /** Runs executing at once at most. */
  parallels: number;
  /** Run minutes allowed; null: no limit. */
  credit: number | null;
  /** Run minutes used: each finished run adds the minutes it started (ceil of its duration). */
  credit_used: Defaulted<number>;
  starts_at: string;
  expires_at: string;
  /** The organization it is bound to; null while free. Unique. */
  org_id: string | null;
  created_at: string;
  updated_at: string;
}

/** An organization's retention setting (migration 0028); without a row the defaults hold (RETENTION_DEFAULTS). */
export interface RetentionSettingsTable {
  org_id: string;
  /** Days a finished run is kept. */
  runs_days: number;
  /** Days a finished run's files are kept (at most runs_days). */
  artifacts_days: number;
  /** Days the audit trail keeps an entry. */
  audit_days: number;
  updated_at: string;
  /** users.id of who saved it. */
  updated_by: string;
}
