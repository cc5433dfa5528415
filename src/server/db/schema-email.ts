/** Tables of migration 0014_email. Timestamps are ISO-8601 UTC text; booleans 0/1. */
export interface EmailConfigsTable {
  id: string;
  org_id: string;
  from_email: string;
  /** AES-256-GCM ciphertext of the account password (email/secretBox.ts); never sent to a client. */
  password_cipher: string;
  email_type: 'SMTP' | 'IMAP' | 'POP3';
  email_host: string;
  email_port: number;
  enable_ssl: number;
  enable_tls: number;
  /** Set in simple mode, or guessed from the host. */
  email_provider: 'GMAIL' | 'HOTMAIL' | 'YAHOO' | null;
  status: 'ACTIVE' | 'INACTIVE';
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** A mail account connected through the Google or Microsoft authorization-code flow (Email Account tab). */
export interface ImapAccountsTable {
  id: string;
  org_id: string;
  mail_user_name: string;
  db_table_name: string;
  mail_server_host: 'MICROSOFT' | 'Google';
  connection_date: string | null;
  response_status: string;
  /** AES-256-GCM ciphertext of the provider's refresh token. */
  refresh_token_cipher: string | null;
  created_at: string;
  updated_at: string;
}
