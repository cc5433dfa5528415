import nodemailer from 'nodemailer';
import type { Db } from '../db/database';
import { preferredAddress, serverNameOf, type CheckedTarget, type OutboundPolicy } from '../outbound/policy';
import { mailSecrets } from './secretBox';

/** What sending needs of an organization's SMTP configuration, password decrypted. */
export interface SmtpSettings {
  host: string;
  port: number;
  /** TLS from the first byte (SSL, port 465 style). */
  secure: boolean;
  /** STARTTLS required before login. */
  requireTls: boolean;
  user: string;
  password: string;
  from: string;
}

/** Wrong ports, unreachable hosts and silent servers must fail within this bound, never hang a request or a run. */
export const MAIL_TIMEOUT_MS = 10_000;

/** The organization's ACTIVE SMTP configuration (the most recently updated one when several are active), or null. */
export async function activeSmtpSettings(db: Db, organizationId: string): Promise<SmtpSettings | null> {
  const row = await db
    .selectFrom('email_configs')
    .selectAll()
    .where('org_id', '=', organizationId)
    .where('status', '=', 'ACTIVE')
    .where('email_type', '=', 'SMTP')
    .orderBy('updated_at', 'desc')
    .orderBy('id')
    .executeTakeFirst();
  if (!row) return null;
  return smtpSettingsOf(row, await mailSecrets.open(db, row.password_cipher));
}

export function smtpSettingsOf(
  row: { email_host: string; email_port: number; enable_ssl: number; enable_tls: number; from_email: string },
  password: string,
): SmtpSettings {
  return {
    host: row.email_host,
    port: row.email_port,
    secure: row.enable_ssl === 1,
    requireTls: row.enable_tls === 1,
    user: row.from_email,
    password,
    from: row.from_email,
  };
}

/** A transport to the checked address of the configured host (outbound/policy.ts), its name kept for TLS. */
export function smtpTransport(settings: SmtpSettings, target: CheckedTarget) {
  return nodemailer.createTransport({
    host: preferredAddress(target),
    servername: serverNameOf(target),
    port: settings.port,
    secure: settings.secure,
    requireTLS: settings.requireTls,
    auth: settings.password === '' ? undefined : { user: settings.user, pass: settings.password },
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS,
    dnsTimeout: MAIL_TIMEOUT_MS,
  });
}

/** Checks the configured host against the outbound policy (OutboundRefused, a 400, when refused) and opens a transport to it. */
export async function openSmtpTransport(policy: OutboundPolicy, settings: SmtpSettings) {
  return smtpTransport(settings, await policy.check(settings.host, settings.port));
}
