import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startImapServer, startSmtpServer, type LoopbackMailServer, type LoopbackSmtpServer } from '../../../tests/support/mail-servers';
import { startFakeJira, type FakeJira } from '../../../tests/support/jira-server';
import { emailConfigResponseSchema } from '../../shared/contracts/email';
import { errorBodySchema } from '../../shared/contracts/errors';
import { jiraDataResponseSchema } from '../../shared/contracts/jira';
import { remoteBrowserAddedSchema } from '../../shared/contracts/remote-browsers';
import { endpoints } from '../../shared/endpoints';
import { startTestServer, type TestServer } from '../testing/testServer';
import { parseOutboundAllow, type ResolveAll } from './policy';

const JSON_HEADERS = { 'content-type': 'application/json' };
const ACCOUNT = { user: 'robot@example.test', password: 'correct horse battery staple' };

/** A TCP server on loopback that only counts connections: a refused host must never see one. */
async function connectionCounter(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * The server's resolver for these tests: made-up names for loopback, one for a metadata address, and one whose answer
 * changes after its first lookup (DNS rebinding). The system resolver knows none of them, so a connection that
 * reaches a loopback server through one of these names went to the address the policy checked.
 */
function testResolver(): ResolveAll {
  let rebindLookups = 0;
  const answers: Record<string, () => string[]> = {
    'jira.test': () => ['127.0.0.1'],
    'smtp.test': () => ['127.0.0.1'],
    'imap.test': () => ['127.0.0.1'],
    'metadata.test': () => ['169.254.169.254'],
    'rebind.test': () => ((rebindLookups += 1) === 1 ? ['127.0.0.1'] : ['169.254.169.254']),
  };
  return async (host) => {
    const answer = answers[host];
    if (!answer) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer().map((address) => ({ address, family: 4 }));
  };
}

describe('connections to hosts a user typed, with OUTBOUND_ALLOW set', { timeout: 60_000 }, () => {
  let t: TestServer;
  let jira: FakeJira;
  let smtp: LoopbackSmtpServer;
  let imap: LoopbackMailServer;
  let counter: Awaited<ReturnType<typeof connectionCounter>>;
  let admin: string;
  let jiraPort: number;

  beforeAll(async () => {
    [jira, smtp, imap, counter] = await Promise.all([startFakeJira(), startSmtpServer(ACCOUNT), startImapServer(ACCOUNT), connectionCounter()]);
    jiraPort = Number(new URL(jira.baseUrl).port);
    // 127.0.0.1 is allowed on the Jira's port only; the mail servers by name only. The counter's port is in no entry.
    const allow = `127.0.0.1:${jiraPort}, smtp.test:${smtp.port} imap.test rebind.test, 169.254.0.0/16`;
    t = await startTestServer({ browserPoolSize: 0, outboundAllow: parseOutboundAllow(allow), outboundResolver: testResolver() });
    admin = await t.tokenFor(t.admin);
  });
  afterAll(async () => {
    await Promise.all([jira.close(), smtp.close(), imap.close(), counter.close()]);
    await t.close();
  });

  const send = (method: string, path: string, body: unknown, token = admin) => t.request(path, { method, token, headers: JSON_HEADERS, body: JSON.stringify(body) });
  const configureJira = (baseUrl: string) => send('PUT', endpoints.jira.configuration, { baseUrl, userEmail: jira.email, apiToken: jira.token, apiVersion: '3' });
  const mailConfig = (host: string, port: number, emailType: 'SMTP' | 'IMAP') =>
    send('POST', endpoints.email.configs, { fromEmail: ACCOUNT.user, password: ACCOUNT.password, emailType, emailHost: host, emailPort: port, enableSsl: false, enableTls: false });
  async function refusal(response: Response): Promise<string> {
    expect(response.status, await response.clone().text()).toBe(400);
    return errorBodySchema.parse(await response.json()).message;
  }

  it('reaches a listed Jira, by address and by a name that resolves to a listed address', async () => {
    for (const baseUrl of [jira.baseUrl, `http://jira.test:${jiraPort}`]) {
      expect((await configureJira(baseUrl)).status).toBe(200);
      const data = await t.request(endpoints.jira.genericAll, { token: admin });
      expect(data.status, await data.clone().text()).toBe(200);
      expect(jiraDataResponseSchema.parse(await data.json()).data.metaData.PROJECTS.map((project) => project.key)).toEqual(['QA', 'OPS']);
    }
  });

  it('refuses, with a 400 naming the host and the setting, a loopback server the list does not name, and never connects to it', async () => {
    expect(await refusal(await configureJira(`http://127.0.0.1:${counter.port}`))).toBe(
      `The server may not connect to 127.0.0.1:${counter.port}: it is not in OUTBOUND_ALLOW. An administrator can add it to that setting.`,
    );
    expect(await refusal(await mailConfig('127.0.0.1', counter.port, 'SMTP'))).toContain(`127.0.0.1:${counter.port}: it is not in OUTBOUND_ALLOW`);
    expect(await refusal(await mailConfig('127.0.0.1', counter.port, 'IMAP'))).toContain(`127.0.0.1:${counter.port}: it is not in OUTBOUND_ALLOW`);
    // The real SMTP server is listed by its name, not by 127.0.0.1: typed as an address, it is refused before any login.
    expect(await refusal(await mailConfig('127.0.0.1', smtp.port, 'SMTP'))).toContain(`127.0.0.1:${smtp.port}: it is not in OUTBOUND_ALLOW`);
    expect(smtp.logins).toEqual([]);
    expect(counter.connections()).toBe(0);
  });

  it('logs in to the listed SMTP and IMAP servers through the checked address of their names', async () => {
    const smtpSaved = await mailConfig('smtp.test', smtp.port, 'SMTP');
    expect(smtpSaved.status, await smtpSaved.clone().text()).toBe(200);
    const imapSaved = await mailConfig('imap.test', imap.port, 'IMAP');
    expect(imapSaved.status, await imapSaved.clone().text()).toBe(200);
    expect(smtp.logins).toEqual([{ user: ACCOUNT.user, accepted: true }]);
    expect(imap.logins).toEqual([{ user: ACCOUNT.user, accepted: true }]);
    const sent = await send('POST', endpoints.email.sendEmail, {
      configEmailId: emailConfigResponseSchema.parse(await smtpSaved.json()).data.configEmailId,
      toEmail: 'someone@example.test',
      emailSubject: 'Hello',
      emailBody: 'Through the checked address.',
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect((await smtp.nextMail()).subject).toBe('Hello');
  });

  it('always refuses link-local and metadata addresses, even listed, in every spelling and behind a name', async () => {
    for (const baseUrl of ['http://169.254.169.254', 'http://169.254.0.1:8080', 'http://[fd00:ec2::254]', 'http://[::ffff:169.254.169.254]', 'http://2852039166/']) {
      expect(await refusal(await configureJira(baseUrl))).toMatch(/^The server does not connect to .+: link-local and cloud metadata addresses are always refused, whatever OUTBOUND_ALLOW says\.$/);
    }
    expect(await refusal(await configureJira('http://metadata.test'))).toContain('metadata.test resolves to 169.254.169.254');
    expect(await refusal(await mailConfig('169.254.169.254', 25, 'SMTP'))).toContain('always refused');
    expect(await refusal(await mailConfig('metadata.test', 993, 'IMAP'))).toContain('always refused');
  });

  it('checks the name again on every call: an answer that turns to a metadata address is refused, not followed', async () => {
    // The first lookup answers loopback, so the configuration is saved; the next one answers 169.254.169.254.
    expect((await configureJira(`http://rebind.test:${jiraPort}`)).status).toBe(200);
    const requestsBefore = jira.requests.length;
    expect(await refusal(await t.request(endpoints.jira.genericAll, { token: admin }))).toContain('rebind.test resolves to 169.254.169.254');
    const valid = await t.request(endpoints.jira.valid, { token: admin });
    expect(await valid.json()).toMatchObject({ data: { valid: false, message: expect.stringContaining('always refused') } });
    expect(jira.requests.length).toBe(requestsBefore);
  });

  it("refuses a remote browser's endpoint on a host the server may not connect to", async () => {
    const added = await send('POST', endpoints.devices.addRemoteBrowser, { name: 'Elsewhere' });
    const resource = remoteBrowserAddedSchema.parse(await added.json()).data;
    const register = (wsEndpoint: string) => send('POST', endpoints.devices.registerRemoteBrowser, { wsEndpoint }, resource.token);
    expect(await refusal(await register('ws://169.254.169.254:3000/browser'))).toContain('always refused');
    expect(await refusal(await register(`ws://127.0.0.1:${counter.port}/browser`))).toContain(`127.0.0.1:${counter.port}: it is not in OUTBOUND_ALLOW`);
    expect(counter.connections()).toBe(0);
  });

  it('keeps the email messages of a reachable but wrong server: a refused login is still a 422', async () => {
    const wrong = await send('POST', endpoints.email.configs, {
      fromEmail: ACCOUNT.user,
      password: 'wrong',
      emailType: 'SMTP',
      emailHost: 'smtp.test',
      emailPort: smtp.port,
      enableSsl: false,
      enableTls: false,
    });
    expect(wrong.status).toBe(422);
    expect(errorBodySchema.parse(await wrong.json()).message).toBe(`Could not connect to SMTP server smtp.test:${smtp.port}: the server refused the user name or password`);
  });
});
