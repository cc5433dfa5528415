import type { Generated } from 'kysely';

/** Tables of migration 0005_interactive_bots. Timestamps are ISO-8601 UTC text. */
export interface InteractiveBotsTable {
  id: Generated<number>;
  trigger_id: string;
  org_id: string;
  interactive_trigger_name: string;
  /** Unique per organization among bots that are not DISABLED, ignoring case. */
  trigger_intent: string;
  status: string;
  /** The collection the bot starts. */
  teststatus_id: string;
  /** sha-256 (hex) of the bot's trigger secret; the secret itself is shown once and never stored. */
  secret_hash: string;
  created_by: string;
  date_created: string;
  updated_at: string;
}
