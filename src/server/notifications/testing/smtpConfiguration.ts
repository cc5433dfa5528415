import type { Db } from '../../db/database';
import { saveEmailConfig } from '../../email/repository';
import { createOutboundPolicy } from '../../outbound/policy';
import type { MailAccount } from '../../../../tests/support/mail-servers';

/** The mail account of the organization's SMTP configuration in these tests: the sender logs in with it. */
export const SMTP_ACCOUNT: MailAccount = { user: 'studio@example.test', password: 'smtp-password' };

/**
 * Saves the organization's ACTIVE SMTP configuration pointing at the loopback server through the email area (which
 * logs in to the server before it stores the configuration, password encrypted).
 */
export async function saveActiveSmtp(db: Db, orgId: string, port: number): Promise<void> {
  await saveEmailConfig(db, createOutboundPolicy(), orgId, 'admin@studio.local', {
    fromEmail: SMTP_ACCOUNT.user,
    password: SMTP_ACCOUNT.password,
    emailType: 'SMTP',
    emailHost: '127.0.0.1',
    emailPort: port,
    enableSsl: false,
    enableTls: false,
  });
}
