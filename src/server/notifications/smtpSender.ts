import type { Db } from '../db/database';
import { activeSmtpSettings, openSmtpTransport } from '../email/activeSmtp';
import type { OutboundPolicy } from '../outbound/policy';
import { NoActiveSmtpConfiguration, type MailSender } from './worker';

/** Sends through the organization's active SMTP configuration, read for each mail so a fixed one applies at once. */
export function smtpMailSender(db: Db, policy: OutboundPolicy): MailSender {
  return async (orgId, mail) => {
    const settings = await activeSmtpSettings(db, orgId);
    if (!settings) throw new NoActiveSmtpConfiguration();
    const transport = await openSmtpTransport(policy, settings);
    try {
      await transport.sendMail({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    } finally {
      transport.close();
    }
  };
}
