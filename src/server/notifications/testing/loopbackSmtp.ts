import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../db/database';
import { encryptSecret } from '../../email/secretBox';

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

/** A free loopback port, closed again: a mail server that is not up yet. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolveClose) => server.close(resolveClose));
  return port;
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

/** The organization's ACTIVE SMTP configuration pointing at the loopback server, password encrypted as the email area keeps it. */
export async function insertActiveSmtp(db: Db, orgId: string, port: number): Promise<void> {
  const at = new Date().toISOString();
  await db
    .insertInto('email_configs')
    .values({
      id: randomUUID(),
      org_id: orgId,
      from_email: 'studio@example.test',
      password_cipher: await encryptSecret(db, 'smtp-password'),
      email_type: 'SMTP',
      email_host: '127.0.0.1',
      email_port: port,
      enable_ssl: 0,
      enable_tls: 0,
      email_provider: null,
      status: 'ACTIVE',
      created_by: 'admin@studio.local',
      created_at: at,
      updated_at: at,
    })
    .execute();
}
