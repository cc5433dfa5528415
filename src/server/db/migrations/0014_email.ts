import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Email configurations (SMTP, IMAP, POP3) and connected mail accounts of an organization (issue 15; schema-email.ts).
 * Passwords and OAuth refresh tokens are kept only as AES-256-GCM ciphertext (email/secretBox.ts): no plain column.
 */
export const emailMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('email_configs')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('organizations.id'))
      .addColumn('from_email', 'text', (col) => col.notNull())
      .addColumn('password_cipher', 'text', (col) => col.notNull())
      .addColumn('email_type', 'text', (col) => col.notNull().check(sql`email_type in ('SMTP', 'IMAP', 'POP3')`))
      .addColumn('email_host', 'text', (col) => col.notNull())
      .addColumn('email_port', 'integer', (col) => col.notNull())
      .addColumn('enable_ssl', 'integer', (col) => col.notNull())
      .addColumn('enable_tls', 'integer', (col) => col.notNull())
      .addColumn('email_provider', 'text')
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('ACTIVE', 'INACTIVE')`))
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('email_configs_org_status').on('email_configs').columns(['org_id', 'status', 'email_type']).execute();

    await db.schema
      .createTable('imap_accounts')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('organizations.id'))
      .addColumn('mail_user_name', 'text', (col) => col.notNull())
      .addColumn('db_table_name', 'text', (col) => col.notNull())
      .addColumn('mail_server_host', 'text', (col) => col.notNull().check(sql`mail_server_host in ('MICROSOFT', 'Google')`))
      .addColumn('connection_date', 'text')
      .addColumn('response_status', 'text', (col) => col.notNull())
      .addColumn('refresh_token_cipher', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('imap_accounts_org_user').on('imap_accounts').columns(['org_id', 'mail_user_name', 'mail_server_host']).unique().execute();
  },
};
