import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createTlsServer } from 'node:tls';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * Real mail servers on loopback for the email tests: smtp-server for SMTP, and just enough IMAP and POP3 (greeting,
 * CAPABILITY/CAPA, LOGIN, AUTHENTICATE PLAIN, USER/PASS, LOGOUT/QUIT) to check a connection and a login. SMTP and
 * POP3 also listen with TLS from the first byte when given a certificate (selfSignedCertificate).
 */
export interface TlsIdentity {
  key: string;
  cert: string;
}

/** A throwaway certificate for localhost, made by the system's openssl (no package needed). */
export function selfSignedCertificate(): TlsIdentity {
  const dir = mkdtempSync(join(tmpdir(), 'mail-cert-'));
  try {
    const key = join(dir, 'key.pem');
    const cert = join(dir, 'cert.pem');
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-subj', '/CN=localhost', '-days', '1', '-keyout', key, '-out', cert], { stdio: 'ignore' });
    return { key: readFileSync(key, 'utf8'), cert: readFileSync(cert, 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
export interface MailAccount {
  user: string;
  password: string;
}

export interface LoopbackMailServer {
  host: string;
  port: number;
  /** Logins the server saw, accepted or not. */
  logins: { user: string; accepted: boolean }[];
  close(): Promise<void>;
}

/** A received mail, parsed by mailparser, with the RCPT TO addresses of its SMTP envelope. */
export type ReceivedMail = ParsedMail & { envelopeTo: string[] };

export interface LoopbackSmtpServer extends LoopbackMailServer {
  /** Every mail received, in order. */
  received: ReceivedMail[];
  /** Resolves with the next mail to arrive (or the first one already waiting). */
  nextMail(): Promise<ReceivedMail>;
  /** The mails received once there are `count` of them; fails after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
}

export interface SmtpServerOptions {
  /** TLS from the first byte, with this identity. */
  tls?: TlsIdentity;
  /** A fixed port, to bring a server back up where a saved configuration points (0: any free port). */
  port?: number;
}

const LOOPBACK = '127.0.0.1';

function listening(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => resolve((server.address() as AddressInfo).port));
  });
}

function closing(server: { close(callback: () => void): unknown }, sockets: Set<Socket> = new Set()): Promise<void> {
  for (const socket of sockets) socket.destroy();
  return new Promise((resolve) => server.close(() => resolve()));
}

export async function startSmtpServer(account: MailAccount, { tls, port: fixedPort = 0 }: SmtpServerOptions = {}): Promise<LoopbackSmtpServer> {
  const received: ReceivedMail[] = [];
  const logins: LoopbackMailServer['logins'] = [];
  const waiting: ((mail: ReceivedMail) => void)[] = [];
  let taken = 0;
  const smtp = new SMTPServer({
    ...(tls ? { secure: true, key: tls.key, cert: tls.cert } : {}),
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      const accepted = auth.username === account.user && auth.password === account.password;
      logins.push({ user: auth.username ?? '', accepted });
      if (accepted) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const mail = Object.assign(parsed, { envelopeTo: session.envelope.rcptTo.map((to) => to.address) });
          received.push(mail);
          waiting.shift()?.(mail);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  // A client that refuses the certificate drops the handshake: an expected event here, not a test failure.
  smtp.on('error', () => undefined);
  const port = await listening(smtp.server, fixedPort);
  return {
    host: LOOPBACK,
    port,
    logins,
    received,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} mails arrived in ${timeoutMs} ms`);
        await new Promise((resolveSleep) => setTimeout(resolveSleep, 25));
      }
      return received;
    },
    nextMail: () =>
      new Promise((resolve) => {
        const ready = received[taken];
        taken += 1;
        if (ready) resolve(ready);
        else waiting.push(resolve);
      }),
    close: () => closing(smtp),
  };
}

/** A line-based protocol server: `answer` gets each line and a writer; it returns false to end the session. */
async function lineServer(
  greeting: string,
  answer: (line: string, write: (text: string) => void, socket: Socket) => void,
  tls?: TlsIdentity,
): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const onConnection = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    const write = (text: string) => {
      if (!socket.destroyed) socket.write(`${text}\r\n`);
    };
    write(greeting);
    let buffer = '';
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end = buffer.indexOf('\r\n');
      while (end >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        answer(line, write, socket);
        end = buffer.indexOf('\r\n');
      }
    });
  };
  const server: Server = tls ? createTlsServer({ key: tls.key, cert: tls.cert }, onConnection) : createServer(onConnection);
  const port = await listening(server);
  return { port, close: () => closing(server, sockets) };
}

/** IMAP atoms and quoted strings of a command line. */
function imapArguments(text: string): string[] {
  const parts: string[] = [];
  for (const match of text.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)) parts.push(match[1] !== undefined ? match[1].replaceAll(/\\(.)/g, '$1') : (match[2] ?? ''));
  return parts;
}

export async function startImapServer(account: MailAccount): Promise<LoopbackMailServer> {
  const logins: LoopbackMailServer['logins'] = [];
  // One pending AUTHENTICATE PLAIN per connection: the tag waits for the client's base64 line.
  const pendingPlain = new WeakMap<Socket, string>();
  const login = (tag: string, user: string, password: string, write: (text: string) => void) => {
    const accepted = user === account.user && password === account.password;
    logins.push({ user, accepted });
    write(accepted ? `${tag} OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] Logged in` : `${tag} NO [AUTHENTICATIONFAILED] Invalid credentials`);
  };
  const plain = (tag: string, encoded: string, write: (text: string) => void) => {
    const [, user = '', password = ''] = Buffer.from(encoded, 'base64').toString('utf8').split('\0');
    login(tag, user, password, write);
  };
  const server = await lineServer('* OK [CAPABILITY IMAP4rev1 AUTH=PLAIN] loopback IMAP ready', (line, write, socket) => {
    const pendingTag = pendingPlain.get(socket);
    if (pendingTag !== undefined) {
      pendingPlain.delete(socket);
      plain(pendingTag, line.trim(), write);
      return;
    }
    const [tag = '*', command = '', ...rest] = imapArguments(line);
    switch (command.toUpperCase()) {
      case 'CAPABILITY':
        write('* CAPABILITY IMAP4rev1 AUTH=PLAIN');
        write(`${tag} OK CAPABILITY completed`);
        break;
      case 'LOGIN':
        login(tag, rest[0] ?? '', rest[1] ?? '', write);
        break;
      case 'AUTHENTICATE':
        if ((rest[0] ?? '').toUpperCase() !== 'PLAIN') write(`${tag} NO Unsupported mechanism`);
        else if (rest[1] !== undefined) plain(tag, rest[1], write);
        else {
          pendingPlain.set(socket, tag);
          write('+ ');
        }
        break;
      case 'LOGOUT':
        write('* BYE logging out');
        write(`${tag} OK LOGOUT completed`);
        socket.end();
        break;
      default:
        write(`${tag} OK ${command} completed`);
    }
  });
  return { host: LOOPBACK, port: server.port, logins, close: server.close };
}

export async function startPop3Server(account: MailAccount, tls?: TlsIdentity): Promise<LoopbackMailServer> {
  const logins: LoopbackMailServer['logins'] = [];
  const users = new WeakMap<Socket, string>();
  const server = await lineServer('+OK loopback POP3 ready', (line, write, socket) => {
    const [command = '', ...rest] = line.split(' ');
    const argument = rest.join(' ');
    switch (command.toUpperCase()) {
      case 'CAPA':
        write('+OK capabilities follow');
        write('USER');
        write('.');
        break;
      case 'USER':
        users.set(socket, argument);
        write('+OK send PASS');
        break;
      case 'PASS': {
        const user = users.get(socket) ?? '';
        const accepted = user === account.user && argument === account.password;
        logins.push({ user, accepted });
        write(accepted ? '+OK logged in' : '-ERR [AUTH] Invalid credentials');
        break;
      }
      case 'QUIT':
        write('+OK bye');
        socket.end();
        break;
      default:
        write('-ERR unknown command');
    }
  }, tls);
  return { host: LOOPBACK, port: server.port, logins, close: server.close };
}

/** A loopback port nothing listens on: taken from the system, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await listening(server);
  await closing(server);
  return port;
}
