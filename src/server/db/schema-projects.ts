/**
 * Projects with KPI goals and wall-display tokens (migration 0018; issue 17). Timestamps are ISO-8601 UTC text, dates
 * YYYY-MM-DD.
 */
export interface ProjectsTable {
  id: string;
  org_id: string;
  /** Unique per organization, ignoring case. */
  name: string;
  /** The target pass percentage, 0 to 100; null until the first save. */
  goal: number | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** A collection a project follows; its name is read from collections. */
export interface ProjectCollectionsTable {
  project_id: string;
  collection_id: string;
  /** The order the manager gave. */
  position: number;
}

/** A schedule whose firings' runs count for the project. */
export interface ProjectSchedulesTable {
  project_id: string;
  schedule_id: string;
  position: number;
}

/** A named date (a release, a version) marked on the project's progress chart. */
export interface ProjectDateTagsTable {
  project_id: string;
  tag: string;
  /** YYYY-MM-DD. */
  date: string;
}

/** A read-only token a wall display presents instead of a user session; only its SHA-256 is kept. */
export interface DisplayTokensTable {
  id: string;
  org_id: string;
  /** The saved report (dashboard_reports.id) the token was made for. */
  dashboard_id: string;
  name: string;
  /** Hex SHA-256 of the secret. */
  token_hash: string;
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}
