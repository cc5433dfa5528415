import { connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { ImapFlow } from 'imapflow';
import { OutboundRefused, preferredAddress, serverNameOf, type CheckedTarget, type OutboundPolicy } from '../outbound/policy';
import { MAIL_TIMEOUT_MS, smtpTransport, type SmtpSettings } from './activeSmtp';
import { withDeadline } from '../../shared/deadline';

export interface MailServerSettings extends SmtpSettings {
  type: 'SMTP' | 'IMAP' | 'POP3';
}

/** Why a check failed, in words a user can act on; `host:port` is always named. */
export class MailConnectionError extends Error {
  override name = 'MailConnectionError';
}

interface ErrorShape {
  code?: unknown;
  responseCode?: unknown;
  authenticationFailed?: unknown;
  message?: unknown;
}

const UNTRUSTED_CERTIFICATE = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
/** nodemailer keeps only the text of a certificate failure. */
const UNTRUSTED_CERTIFICATE_TEXT = /self[- ]signed certificate|unable to verify the first certificate|certificate has expired|does not match certificate's altnames/i;

const shapeOf = (error: unknown): ErrorShape => (typeof error === 'object' && error !== null ? (error as ErrorShape) : {});

/** The one wording of every protocol's failures, so the table and the test dialog read alike. */
export function failureReason(error: unknown): string {
  const shape = shapeOf(error);
  const message = typeof shape.message === 'string' ? shape.message : '';
  const ownCode = typeof shape.code === 'string' ? shape.code : '';
  // nodemailer wraps socket failures as ESOCKET or ECONNECTION and keeps Node's own code only in the message.
  const code = ownCode === 'ESOCKET' || ownCode === 'ECONNECTION' ? (/\b(E[A-Z]{3,})\b/.exec(message)?.[1] ?? ownCode) : ownCode;
  if (shape.authenticationFailed === true || code === 'EAUTH' || code === 'POP3_AUTH') return 'the server refused the user name or password';
  if (code === 'ECONNREFUSED') return 'the connection was refused (is the port right?)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EDNS') return 'the host name could not be resolved';
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return 'the host cannot be reached';
  if (code === 'ECONNRESET' || code === 'EConnectionClosed' || code === 'NoConnection') return 'the server closed the connection';
  if (code === 'ETIMEDOUT' || code === 'ETIMEOUT' || code.endsWith('_TIMEOUT') || code === 'MAIL_TIMEOUT') {
    return `no answer within ${MAIL_TIMEOUT_MS / 1000} s (is the host or port right?)`;
  }
  if (UNTRUSTED_CERTIFICATE.has(code) || UNTRUSTED_CERTIFICATE_TEXT.test(message)) return "the server's TLS certificate is not trusted";
  if (code.startsWith('ERR_SSL') || code === 'EPROTO' || /wrong version number|ssl3_get_record|packet length too long/i.test(message)) return 'the TLS handshake failed (check the SSL and TLS settings)';
  return message !== '' ? message : 'the connection failed';
}

/** A hard bound over the protocol libraries' own timeouts: no check outlives MAIL_TIMEOUT_MS by more than a moment. */
function bounded<T>(work: Promise<T>, abort: () => void): Promise<T> {
  return withDeadline(work, MAIL_TIMEOUT_MS, () => {
    abort();
    return Object.assign(new Error('timeout'), { code: 'MAIL_TIMEOUT' });
  });
}

async function checkSmtp(settings: SmtpSettings, target: CheckedTarget): Promise<void> {
  const transport = smtpTransport(settings, target);
  try {
    await bounded(transport.verify(), () => transport.close());
  } finally {
    transport.close();
  }
}

async function checkImap(settings: SmtpSettings, target: CheckedTarget): Promise<void> {
  const client = new ImapFlow({
    host: preferredAddress(target),
    servername: serverNameOf(target),
    port: settings.port,
    secure: settings.secure,
    doSTARTTLS: settings.requireTls ? true : undefined,
    auth: { user: settings.user, pass: settings.password },
    logger: false,
    connectionTimeout: MAIL_TIMEOUT_MS,
    greetingTimeout: MAIL_TIMEOUT_MS,
    socketTimeout: MAIL_TIMEOUT_MS,
    disableAutoIdle: true,
  });
  // A failed login also emits 'error'; without a listener it would be thrown out of band.
  client.on('error', () => undefined);
  try {
    await bounded(client.connect(), () => client.close());
    await client.logout();
  } finally {
    client.close();
  }
}

/** A line reader over a POP3 socket: each call resolves with the server's next single-line answer. */
function lineReader(socket: Socket) {
  let buffer = '';
  const waiting: { resolve: (line: string) => void; reject: (error: Error) => void }[] = [];
  const lines: string[] = [];
  let failure: Error | null = null;
  const flush = () => {
    while (lines.length > 0 && waiting.length > 0) waiting.shift()?.resolve(lines.shift() ?? '');
    if (failure) for (const waiter of waiting.splice(0)) waiter.reject(failure);
  };
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    let end = buffer.indexOf('\r\n');
    while (end >= 0) {
      lines.push(buffer.slice(0, end));
      buffer = buffer.slice(end + 2);
      end = buffer.indexOf('\r\n');
    }
    flush();
  });
  socket.on('error', (error) => {
    failure = error;
    flush();
  });
  socket.on('close', () => {
    failure ??= Object.assign(new Error('closed'), { code: 'ECONNRESET' });
    flush();
  });
  return () =>
    new Promise<string>((resolve, reject) => {
      waiting.push({ resolve, reject });
      flush();
    });
}

async function pop3Session(settings: SmtpSettings, target: CheckedTarget): Promise<void> {
  const host = preferredAddress(target);
  const servername = serverNameOf(target);
  const opened = (socket: Socket, event: string) =>
    new Promise<Socket>((resolve, reject) => {
      socket.once(event, () => resolve(socket));
      socket.once('error', reject);
    });
  let socket = settings.secure
    ? await opened(tlsConnect({ host, port: settings.port, servername }), 'secureConnect')
    : await opened(netConnect({ host, port: settings.port }), 'connect');
  socket.setTimeout(MAIL_TIMEOUT_MS, () => socket.destroy(Object.assign(new Error('timeout'), { code: 'ETIMEDOUT' })));
  try {
    let next = lineReader(socket);
    const expectOk = async (what: string, code = 'POP3_ERR') => {
      const line = await next();
      if (!line.startsWith('+OK')) throw Object.assign(new Error(`${what}: ${line.replace(/^-ERR\s*/, '') || 'refused'}`), { code });
    };
    const send = (line: string) => socket.write(`${line}\r\n`);
    await expectOk('greeting');
    if (settings.requireTls && !settings.secure) {
      send('STLS');
      await expectOk('STLS');
      socket.removeAllListeners('data');
      socket = await opened(tlsConnect({ socket, servername }), 'secureConnect');
      next = lineReader(socket);
    }
    send(`USER ${settings.user}`);
    await expectOk('USER', 'POP3_AUTH');
    send(`PASS ${settings.password}`);
    await expectOk('PASS', 'POP3_AUTH');
    send('QUIT');
    await expectOk('QUIT');
  } finally {
    socket.destroy();
  }
}

async function checkPop3(settings: SmtpSettings, target: CheckedTarget): Promise<void> {
  // The session destroys its socket on every path; the bound only has to stop waiting.
  await bounded(pop3Session(settings, target), () => undefined);
}

/**
 * Connects and logs in as a configuration would; throws MailConnectionError naming host, port and the reason, or
 * OutboundRefused (a 400) for a host the outbound policy refuses, before any connection.
 */
export async function checkMailServer(settings: MailServerSettings, policy: OutboundPolicy): Promise<void> {
  try {
    const target = await policy.check(settings.host, settings.port);
    if (settings.type === 'SMTP') await checkSmtp(settings, target);
    else if (settings.type === 'IMAP') await checkImap(settings, target);
    else await checkPop3(settings, target);
  } catch (error) {
    if (error instanceof OutboundRefused) throw error;
    throw new MailConnectionError(`Could not connect to ${settings.type} server ${settings.host}:${settings.port}: ${failureReason(error)}`, { cause: error });
  }
}
