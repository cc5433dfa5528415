/** A saved dashboard report (migration 0017). settings and elements hold the JSON reportDraftSchema validated. */
export interface DashboardReportsTable {
  id: string;
  org_id: string;
  title: string;
  /** JSON ReportSettings. */
  settings: string;
  /** JSON ReportElement[]. */
  elements: string;
  /** The user id of the author. */
  created_by: string;
  /** ISO-8601 UTC. */
  created_at: string;
  updated_at: string;
}
