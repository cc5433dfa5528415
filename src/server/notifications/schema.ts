/** The mail outbox (migration 0016_mail_outbox). Times are epoch ms. */
export interface MailOutboxTable {
  id: string;
  org_id: string;
  kind: string;
  /** One mail per event: `run:<statusId>`, `firing:<executionId>`, `wait:<executionId>`. */
  dedupe_key: string;
  /** Comma-separated addresses. */
  recipients: string;
  /** JSON MailPayload (notifications/payload.ts): what happened, rendered into a mail when it is sent. */
  payload: string;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  /** The worker sending it now, until claimed_until; a crashed worker's claim lapses. */
  claimed_by: string | null;
  claimed_until: number | null;
  sent_at: number | null;
  last_error: string | null;
}
