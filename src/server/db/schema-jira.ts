/** The Jira an organization files issues in (migration 0015). */
export interface JiraConfigurationsTable {
  org_id: string;
  base_url: string;
  user_email: string;
  /** AES-256-GCM `v1.<iv>.<tag>.<ciphertext>` (jira/tokenBox.ts); never answered to a client. */
  api_token_sealed: string;
  /** '2' or '3': the REST API the calls use (v3 wants ADF for rich text). */
  api_version: string;
  updated_by: string;
  updated_at: string;
}
