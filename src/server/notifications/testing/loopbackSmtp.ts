import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../db/database';
import { saveEmailConfig } from '../../email/repository';

export interface ReceivedMail {
  /** RCPT TO addresses of the SMTP envelope. */
  envelopeTo: string[];
  parsed: ParsedMail;
}

export interface LoopbackSmtp {
  port: number;
  received: ReceivedMail[];
  /** Waits until `count` mails arrived, or fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/** A real SMTP server (smtp-server) on 127.0.0.1 that takes any login and keeps every mail, parsed with mailparser. */
export async function startLoopbackSmtp(port = 0): Promise<LoopbackSmtp> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'studio' }),
    onData: (stream, session, callback) => {
      simpleParser(stream)
        .then((parsed) => {
          received.push({ envelopeTo: session.envelope.rcptTo.map((to) => to.address), parsed });
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolveListen());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    received,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} mails arrived in ${timeoutMs} ms`);
        await new Promise((resolveSleep) => setTimeout(resolveSleep, 25));
      }
      return received;
    },
    close: () => new Promise((resolveClose) => server.close(() => resolveClose())),
  };
}

/**
 * Saves the organization's ACTIVE SMTP configuration pointing at the loopback server through the email area (which
 * logs in to the server before it stores the configuration, password encrypted).
 */
export async function saveActiveSmtp(db: Db, orgId: string, port: number): Promise<void> {
  await saveEmailConfig(db, orgId, 'admin@studio.local', {
    fromEmail: 'studio@example.test',
    password: 'smtp-password',
    emailType: 'SMTP',
    emailHost: '127.0.0.1',
    emailPort: port,
    enableSsl: false,
    enableTls: false,
  });
}
