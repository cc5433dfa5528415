import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import {
  EMAIL_MESSAGES,
  PROVIDER_SMTP,
  providerOfHost,
  saveEmailConfigSchema,
  type EmailConfig,
  type ImapAccount,
  type ImapAccountHost,
} from '../../shared/contracts/email';
import type { z } from 'zod';
import type { Db } from '../db/database';
import type { EmailConfigsTable, ImapAccountsTable } from '../db/schema-email';
import { ApiError } from '../http/apiError';
import { smtpSettingsOf } from './activeSmtp';
import { checkMailServer, MailConnectionError } from './connectionCheck';
import type { OutboundPolicy } from '../outbound/policy';
import { mailSecrets } from './secretBox';

export type EmailConfigRow = Selectable<EmailConfigsTable>;
type SaveEmailConfig = z.output<typeof saveEmailConfigSchema>;

export function toEmailConfig(row: EmailConfigRow): EmailConfig {
  return {
    configEmailId: row.id,
    fromEmail: row.from_email,
    emailType: row.email_type,
    emailHost: row.email_host,
    emailPort: row.email_port,
    enableSsl: row.enable_ssl === 1,
    enableTls: row.enable_tls === 1,
    emailProvider: row.email_provider,
    status: row.status,
    enabled: row.status === 'ACTIVE',
    dateCreated: row.created_at,
    dateUpdated: row.updated_at,
  };
}

export async function listEmailConfigs(db: Db, orgId: string): Promise<EmailConfig[]> {
  const rows = await db.selectFrom('email_configs').selectAll().where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toEmailConfig);
}

/** A configuration of the caller's organization; another organization's id reads as unknown. */
export async function emailConfigRow(db: Db, orgId: string, id: string): Promise<EmailConfigRow> {
  const row = await db.selectFrom('email_configs').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, EMAIL_MESSAGES.notFound(id), {}, { configEmailId: ['NotFound'] });
  return row;
}

/** Simple mode takes the provider's SMTP server; advanced mode keeps what was given and guesses the provider (§5). */
function serverOf(body: SaveEmailConfig) {
  if (body.emailHost != null && body.emailHost !== '') {
    return {
      email_type: body.emailType ?? 'SMTP',
      email_host: body.emailHost,
      email_port: body.emailPort ?? 0,
      enable_ssl: body.enableSsl ? 1 : 0,
      enable_tls: body.enableTls ? 1 : 0,
      email_provider: body.emailProvider ?? providerOfHost(body.emailHost),
    };
  }
  const provider = body.emailProvider ?? 'GMAIL';
  const smtp = PROVIDER_SMTP[provider];
  return {
    email_type: 'SMTP' as const,
    email_host: smtp.emailHost,
    email_port: smtp.emailPort,
    enable_ssl: smtp.enableSsl ? 1 : 0,
    enable_tls: smtp.enableTls ? 1 : 0,
    email_provider: provider,
  };
}

async function assertConnects(
  row: Omit<EmailConfigRow, 'id' | 'org_id' | 'password_cipher' | 'status' | 'created_by' | 'created_at' | 'updated_at'>,
  password: string,
  policy: OutboundPolicy,
) {
  try {
    await checkMailServer({ ...smtpSettingsOf(row, password), type: row.email_type }, policy);
  } catch (error) {
    if (error instanceof MailConnectionError) throw new ApiError(422, error.message, {}, { emailHost: [error.message] });
    throw error;
  }
}

/**
 * Create (no configEmailId; saved ACTIVE, §4) or update. Either way the server is reached and logged in to before
 * anything is stored, so a saved configuration is one that worked; an update with an empty password keeps the stored one.
 */
export async function saveEmailConfig(db: Db, policy: OutboundPolicy, orgId: string, userId: string, body: SaveEmailConfig): Promise<EmailConfigRow> {
  const existing = body.configEmailId === undefined ? undefined : await emailConfigRow(db, orgId, body.configEmailId);
  if (!existing && body.password === '') throw new ApiError(400, EMAIL_MESSAGES.passwordRequired, {}, { password: [EMAIL_MESSAGES.required] });
  const password = body.password !== '' || !existing ? body.password : await mailSecrets.open(db, existing.password_cipher);
  const values = { from_email: body.fromEmail, ...serverOf(body) };
  await assertConnects(values, password, policy);
  const now = new Date().toISOString();
  const password_cipher = await mailSecrets.seal(db, password);
  if (existing) {
    await db
      .updateTable('email_configs')
      .set({ ...values, password_cipher, status: body.status ?? existing.status, updated_at: now })
      .where('id', '=', existing.id)
      .where('org_id', '=', orgId)
      .execute();
    return emailConfigRow(db, orgId, existing.id);
  }
  const id = randomUUID();
  await db
    .insertInto('email_configs')
    .values({ id, org_id: orgId, ...values, password_cipher, status: 'ACTIVE', created_by: userId, created_at: now, updated_at: now })
    .execute();
  return emailConfigRow(db, orgId, id);
}

export async function deactivateEmailConfig(db: Db, orgId: string, id: string): Promise<void> {
  await emailConfigRow(db, orgId, id);
  await db.updateTable('email_configs').set({ status: 'INACTIVE', updated_at: new Date().toISOString() }).where('id', '=', id).where('org_id', '=', orgId).execute();
}

export async function deleteEmailConfig(db: Db, orgId: string, id: string): Promise<void> {
  await emailConfigRow(db, orgId, id);
  await db.deleteFrom('email_configs').where('id', '=', id).where('org_id', '=', orgId).execute();
}

export type ImapAccountRow = Selectable<ImapAccountsTable>;

export function toImapAccount(row: ImapAccountRow): ImapAccount {
  return {
    id: row.id,
    mailUserName: row.mail_user_name,
    dbTableName: row.db_table_name,
    mailServerConnectionDate: row.connection_date,
    mailServerResponseStatus: row.response_status,
    mailServerHost: row.mail_server_host,
  };
}

export async function listImapAccounts(db: Db, orgId: string): Promise<ImapAccount[]> {
  const rows = await db.selectFrom('imap_accounts').selectAll().where('org_id', '=', orgId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toImapAccount);
}

/** The table an account's mails are read into, when none is named: one per mailbox, a valid SQL identifier. */
export const defaultTableName = (mailUserName: string) => `mail_${mailUserName.toLowerCase().replaceAll(/\W+/g, '_')}`.slice(0, 63);

export interface AccountChange {
  mailUserName: string;
  mailServerHost: ImapAccountHost;
  dbTableName?: string | undefined;
  status?: string;
  connectedAt?: string;
  refreshToken?: string;
}

/** Adds the account, or updates the one with that mailbox and provider; `added` tells which (§8 Added / Updated). */
/** The organization's account for one mailbox of one provider (an account's natural key), if it has one. */
export function findImapAccount(db: Db, orgId: string, mailbox: Pick<AccountChange, 'mailUserName' | 'mailServerHost'>): Promise<ImapAccountRow | undefined> {
  return db
    .selectFrom('imap_accounts')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('mail_user_name', '=', mailbox.mailUserName)
    .where('mail_server_host', '=', mailbox.mailServerHost)
    .executeTakeFirst();
}

/** The audit subject of an upsert: the account found before it, else the one it made. */
export function mailAccountSubject(known: ImapAccountRow | undefined) {
  return { entityType: 'mailAccount' as const, entityId: known?.id ?? ((made: { row: ImapAccountRow }) => made.row.id) };
}

export async function upsertImapAccount(db: Db, orgId: string, change: AccountChange): Promise<{ row: ImapAccountRow; added: boolean }> {
  const now = new Date().toISOString();
  const refresh_token_cipher = change.refreshToken === undefined ? undefined : await mailSecrets.seal(db, change.refreshToken);
  const find = () => findImapAccount(db, orgId, change);
  const existing = await find();
  if (existing) {
    await db
      .updateTable('imap_accounts')
      .set({
        ...(change.dbTableName === undefined ? {} : { db_table_name: change.dbTableName }),
        ...(change.status === undefined ? {} : { response_status: change.status }),
        ...(change.connectedAt === undefined ? {} : { connection_date: change.connectedAt }),
        ...(refresh_token_cipher === undefined ? {} : { refresh_token_cipher }),
        updated_at: now,
      })
      .where('id', '=', existing.id)
      .execute();
  } else {
    await db
      .insertInto('imap_accounts')
      .values({
        id: randomUUID(),
        org_id: orgId,
        mail_user_name: change.mailUserName,
        mail_server_host: change.mailServerHost,
        db_table_name: change.dbTableName ?? defaultTableName(change.mailUserName),
        connection_date: change.connectedAt ?? null,
        response_status: change.status ?? 'NOT_CONNECTED',
        refresh_token_cipher: refresh_token_cipher ?? null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['org_id', 'mail_user_name', 'mail_server_host']).doNothing())
      .execute();
  }
  const row = await find();
  if (!row) throw new Error('The account could not be stored');
  return { row, added: !existing };
}

export async function imapAccountById(db: Db, orgId: string, id: string): Promise<ImapAccountRow> {
  const row = await db.selectFrom('imap_accounts').selectAll().where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, EMAIL_MESSAGES.accountNotFound(id), {}, { id: ['NotFound'] });
  return row;
}
