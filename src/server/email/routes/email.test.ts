import { createServer, type AddressInfo } from 'node:net';
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountSignInResponseSchema,
  EMAIL_MESSAGES,
  emailConfigListResponseSchema,
  emailConfigResponseSchema,
  emailMessageResponseSchema,
  imapAccountListResponseSchema,
  imapAccountResponseSchema,
  type EmailConfig,
  type SaveEmailConfig,
} from '../../../shared/contracts/email';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { closedPort, selfSignedCertificate, startImapServer, startPop3Server, startSmtpServer, type LoopbackMailServer, type LoopbackSmtpServer } from '../../../../tests/support/mail-servers';
import { tokenInAnotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';
import { activeSmtpSettings } from '../activeSmtp';

const JSON_HEADERS = { 'content-type': 'application/json' };
const ACCOUNT = { user: 'robot@example.test', password: 'correct horse battery staple' };
/** Every failure must be told within 10 s; a little over for the HTTP round trip. */
const BOUND_MS = 11_000;

/** Where the callback's page sends the browser: its refresh target, which its link repeats. */
async function returnTarget(response: Response): Promise<string> {
  const html = await response.text();
  const refresh = /content="0;url=([^"]+)"/.exec(html)?.[1];
  const link = /<a href="([^"]+)"/.exec(html)?.[1];
  expect(refresh).toBe(link);
  return (refresh ?? '').replaceAll('&amp;', '&');
}

describe('email configurations and accounts', () => {
  let t: TestServer;
  let token: string;
  let imapToken: string;
  let plainToken: string;
  let imapUserId: string;
  let orgId: string;
  const mailAccountAudit = (accountId: string) =>
    t.server.services.db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'mailAccount').where('entity_id', '=', accountId).orderBy('seq').execute();
  let smtp: LoopbackSmtpServer;
  let imap: LoopbackMailServer;
  let pop3: LoopbackMailServer;

  beforeAll(async () => {
    t = await startTestServer({ browserPoolSize: 1 });
    token = await t.tokenFor(await t.createUser(['EMAIL_SETUP']));
    const imapUser = await t.createUser(['IMAP_EMAIL_ACCOUNT']);
    imapUserId = imapUser.id;
    imapToken = await t.tokenFor(imapUser);
    plainToken = await t.tokenFor(await t.createUser(['STUDIO']));
    orgId = (await t.server.services.db.selectFrom('users').select('org_id').where('user_id', '=', t.admin.email).executeTakeFirstOrThrow()).org_id;
    [smtp, imap, pop3] = await Promise.all([startSmtpServer(ACCOUNT), startImapServer(ACCOUNT), startPop3Server(ACCOUNT)]);
  });
  afterAll(async () => {
    await Promise.all([smtp.close(), imap.close(), pop3.close()]);
    await t.close();
  });

  const send = (method: string, path: string, body: unknown, as = token) =>
    t.request(path, { method, token: as, headers: JSON_HEADERS, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const get = (path: string, as = token) => t.request(path, { token: as });
  async function saved(response: Response): Promise<EmailConfig> {
    expect(response.status, await response.clone().text()).toBe(200);
    const answer = emailConfigResponseSchema.parse(await response.json());
    expect(answer.message).toBe(EMAIL_MESSAGES.saved);
    return answer.data;
  }
  async function errorOf(response: Response, status: number) {
    expect(response.status, await response.clone().text()).toBe(status);
    return errorBodySchema.parse(await response.json());
  }
  const advanced = (server: { host: string; port: number }, emailType: 'SMTP' | 'IMAP' | 'POP3', password = ACCOUNT.password): SaveEmailConfig => ({
    fromEmail: ACCOUNT.user,
    password,
    emailType,
    emailHost: server.host,
    emailPort: server.port,
    enableSsl: false,
    enableTls: false,
  });

  it('saves an SMTP configuration ACTIVE after logging in, never answers or stores the password in clear, and sends the test email', async () => {
    const config = await saved(await send('POST', endpoints.email.configs, advanced(smtp, 'SMTP')));
    expect(config).toMatchObject({ fromEmail: ACCOUNT.user, emailType: 'SMTP', emailPort: smtp.port, status: 'ACTIVE', enabled: true, emailProvider: null });
    expect(smtp.logins.at(-1)).toEqual({ user: ACCOUNT.user, accepted: true });
    expect(JSON.stringify(config)).not.toContain(ACCOUNT.password);

    const raw = await t.server.services.db.selectFrom('email_configs').selectAll().where('id', '=', config.configEmailId).executeTakeFirstOrThrow();
    expect(JSON.stringify(raw)).not.toContain(ACCOUNT.password);
    expect(raw.password_cipher).toMatch(/^v1\./);

    const listed = emailConfigListResponseSchema.parse(await (await get(endpoints.email.configs)).json()).data;
    expect(listed.map((item) => item.configEmailId)).toContain(config.configEmailId);
    expect(JSON.stringify(listed)).not.toContain(ACCOUNT.password);
    expect(emailConfigResponseSchema.parse(await (await get(endpoints.email.configById(config.configEmailId))).json()).data).toEqual(config);

    // What run notifications read: the active SMTP configuration, password decrypted.
    expect(await activeSmtpSettings(t.server.services.db, orgId)).toMatchObject({ host: smtp.host, port: smtp.port, user: ACCOUNT.user, password: ACCOUNT.password, from: ACCOUNT.user });

    const mail = smtp.nextMail();
    const sent = await send('POST', endpoints.email.sendEmail, {
      configEmailId: config.configEmailId,
      toEmail: 'team@example.test',
      emailSubject: 'Test email from the Studio',
      emailBody: 'It works.',
      testStatusId: 7,
    });
    expect(sent.status, await sent.clone().text()).toBe(200);
    expect(emailMessageResponseSchema.parse(await sent.json()).message).toBe(EMAIL_MESSAGES.testSent('team@example.test'));
    const received = await mail;
    expect(received.subject).toBe('Test email from the Studio');
    expect(received.text?.trim()).toBe('It works.');
    expect(received.from?.value[0]?.address).toBe(ACCOUNT.user);
    const to = Array.isArray(received.to) ? received.to : [received.to];
    expect(to.flatMap((address) => address?.value.map((value) => value.address))).toEqual(['team@example.test']);
  });

  it('updates with an empty password by keeping the stored one; deactivates and deletes', async () => {
    const config = await saved(await send('POST', endpoints.email.configs, advanced(smtp, 'SMTP')));
    const loginsBefore = smtp.logins.length;
    const updated = await saved(await send('PUT', endpoints.email.configs, { ...advanced(smtp, 'SMTP', ''), configEmailId: config.configEmailId, fromEmail: ACCOUNT.user }));
    expect(updated.configEmailId).toBe(config.configEmailId);
    expect(smtp.logins.slice(loginsBefore)).toEqual([{ user: ACCOUNT.user, accepted: true }]);

    const deactivated = await send('PUT', endpoints.email.deactivate(config.configEmailId), undefined);
    expect(emailMessageResponseSchema.parse(await deactivated.json()).message).toBe(EMAIL_MESSAGES.deactivated);
    expect(emailConfigResponseSchema.parse(await (await get(endpoints.email.configById(config.configEmailId))).json()).data).toMatchObject({ status: 'INACTIVE', enabled: false });
    expect((await errorOf(await send('POST', endpoints.email.sendEmail, { configEmailId: config.configEmailId, toEmail: 'a@example.test' }), 400)).message).toBe(EMAIL_MESSAGES.sendInactive);

    const deleted = await send('DELETE', endpoints.email.configById(config.configEmailId), undefined);
    expect(emailMessageResponseSchema.parse(await deleted.json()).message).toBe(EMAIL_MESSAGES.deleted);
    await errorOf(await get(endpoints.email.configById(config.configEmailId)), 404);
    await errorOf(await send('PUT', endpoints.email.deactivate(config.configEmailId), undefined), 404);
  });

  it('checks IMAP and POP3 logins with the right and the wrong password', async () => {
    expect((await saved(await send('POST', endpoints.email.configs, advanced(imap, 'IMAP')))).emailType).toBe('IMAP');
    expect(imap.logins.at(-1)).toEqual({ user: ACCOUNT.user, accepted: true });
    expect((await saved(await send('POST', endpoints.email.configs, advanced(pop3, 'POP3')))).emailType).toBe('POP3');
    expect(pop3.logins.at(-1)).toEqual({ user: ACCOUNT.user, accepted: true });

    for (const [server, type] of [
      [smtp, 'SMTP'],
      [imap, 'IMAP'],
      [pop3, 'POP3'],
    ] as const) {
      const error = await errorOf(await send('POST', endpoints.email.configs, advanced(server, type, 'wrong')), 422);
      expect(error.message).toBe(`Could not connect to ${type} server ${server.host}:${server.port}: the server refused the user name or password`);
      expect(server.logins.at(-1)).toEqual({ user: ACCOUNT.user, accepted: false });
    }
    // Nothing that failed its check was stored.
    const stored = await t.server.services.db.selectFrom('email_configs').select('id').where('org_id', '=', orgId).execute();
    const listed = emailConfigListResponseSchema.parse(await (await get(endpoints.email.configs)).json()).data;
    expect(listed).toHaveLength(stored.length);
  });

  it('tells a wrong port, an unknown host and a silent host apart, each within 10 s and never as a 500', { timeout: 60_000 }, async () => {
    const port = await closedPort();
    for (const type of ['SMTP', 'IMAP', 'POP3'] as const) {
      const started = Date.now();
      const error = await errorOf(await send('POST', endpoints.email.configs, advanced({ host: '127.0.0.1', port }, type)), 422);
      expect(error.message).toBe(`Could not connect to ${type} server 127.0.0.1:${port}: the connection was refused (is the port right?)`);
      expect(Date.now() - started).toBeLessThan(BOUND_MS);
    }
    const unknown = await errorOf(await send('POST', endpoints.email.configs, advanced({ host: 'no-such-host.invalid', port: 25 }, 'SMTP')), 422);
    expect(unknown.message).toMatch(/^Could not connect to SMTP server no-such-host\.invalid:25: /);

    // A server that accepts the connection and never greets: the bound, not the libraries' defaults, ends the wait.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      const results = await Promise.all(
        (['SMTP', 'IMAP', 'POP3'] as const).map(async (type) => {
          const started = Date.now();
          const error = await errorOf(await send('POST', endpoints.email.configs, advanced({ host: '127.0.0.1', port: silentPort }, type)), 422);
          return { message: error.message, elapsed: Date.now() - started };
        }),
      );
      for (const result of results) {
        expect(result.message).toContain('127.0.0.1');
        expect(result.elapsed).toBeLessThan(BOUND_MS);
      }
      expect(results.map((result) => result.message.replace(/^Could not connect to \w+ server [\d.:]+: /, ''))).toEqual(
        Array(3).fill('no answer within 10 s (is the host or port right?)'),
      );
    } finally {
      silent.close();
    }
  });

  it('speaks TLS from the first byte (SSL) and refuses a certificate nobody vouches for, or SSL on a plain port, with a clear message', async () => {
    const identity = selfSignedCertificate();
    const [smtpTls, pop3Tls] = await Promise.all([startSmtpServer(ACCOUNT, { tls: identity }), startPop3Server(ACCOUNT, identity)]);
    try {
      for (const [server, type] of [
        [smtpTls, 'SMTP'],
        [pop3Tls, 'POP3'],
      ] as const) {
        const error = await errorOf(await send('POST', endpoints.email.configs, { ...advanced(server, type), enableSsl: true }), 422);
        expect(error.message).toBe(`Could not connect to ${type} server ${server.host}:${server.port}: the server's TLS certificate is not trusted`);
        expect(server.logins).toEqual([]);
      }
      const plain = await errorOf(await send('POST', endpoints.email.configs, { ...advanced(pop3, 'POP3'), enableSsl: true }), 422);
      expect(plain.message).toBe(`Could not connect to POP3 server ${pop3.host}:${pop3.port}: the TLS handshake failed (check the SSL and TLS settings)`);
    } finally {
      await Promise.all([smtpTls.close(), pop3Tls.close()]);
    }
  });

  it('validates as §5 says, answering 400 with the fields', async () => {
    const invalidEmail = await errorOf(await send('POST', endpoints.email.configs, { ...advanced(smtp, 'SMTP'), fromEmail: 'not-an-address' }), 400);
    expect(invalidEmail.fieldErrors?.['fromEmail']).toEqual([EMAIL_MESSAGES.invalidEmail]);
    const noPort = await errorOf(await send('POST', endpoints.email.configs, { ...advanced(smtp, 'SMTP'), emailPort: null }), 400);
    expect(noPort.fieldErrors?.['emailPort']).toEqual([EMAIL_MESSAGES.required]);
    const simpleWithoutProvider = await errorOf(await send('POST', endpoints.email.configs, { fromEmail: ACCOUNT.user, password: 'x' }), 400);
    expect(simpleWithoutProvider.fieldErrors?.['emailProvider']).toEqual([EMAIL_MESSAGES.required]);
    expect((await errorOf(await send('POST', endpoints.email.configs, { ...advanced(smtp, 'SMTP'), password: '' }), 400)).message).toBe(EMAIL_MESSAGES.passwordRequired);
    const emptyAddress = await errorOf(await send('POST', endpoints.email.sendEmail, { configEmailId: 'x', toEmail: ' ' }), 400);
    expect(emptyAddress.fieldErrors?.['toEmail']).toEqual([EMAIL_MESSAGES.emptyAddress]);
    await errorOf(await send('POST', endpoints.email.configs, '{not json'), 400);
    await errorOf(await send('PUT', endpoints.email.configs, advanced(smtp, 'SMTP')), 400);
    await errorOf(await send('PUT', endpoints.email.configs, { ...advanced(smtp, 'SMTP'), configEmailId: 'missing' }), 404);
  });

  it('checks permissions and keeps organizations apart', async () => {
    const config = (emailConfigListResponseSchema.parse(await (await get(endpoints.email.configs)).json()).data)[0];
    expect(config).toBeDefined();
    const id = config?.configEmailId ?? '';
    for (const as of [plainToken, imapToken]) {
      await errorOf(await get(endpoints.email.configs, as), 403);
      await errorOf(await send('POST', endpoints.email.configs, advanced(smtp, 'SMTP'), as), 403);
      await errorOf(await send('POST', endpoints.email.sendEmail, { configEmailId: id, toEmail: 'a@example.test' }, as), 403);
    }
    await errorOf(await get(endpoints.email.getEmailConfig, token), 403);
    await errorOf(await send('POST', endpoints.email.registerEmail, { mailUserName: 'a@example.test', mailServerHost: 'Google' }, plainToken), 403);
    await errorOf(await get(endpoints.email.configs, ''), 401);

    const other = await tokenInAnotherOrganization(t, ['EMAIL_SETUP']);
    expect(emailConfigListResponseSchema.parse(await (await get(endpoints.email.configs, other)).json()).data).toEqual([]);
    await errorOf(await get(endpoints.email.configById(id), other), 404);
    await errorOf(await send('DELETE', endpoints.email.configById(id), undefined, other), 404);
  });

  it('registers accounts (Added, then Updated) and lists them with getEmailConfig', async () => {
    const added = await send('POST', endpoints.email.registerEmail, { mailUserName: 'inbox@example.test', mailServerHost: 'Google' }, imapToken);
    const first = imapAccountResponseSchema.parse(await added.json());
    expect(first.message).toBe(EMAIL_MESSAGES.accountAdded);
    expect(first.data).toMatchObject({ mailUserName: 'inbox@example.test', dbTableName: 'mail_inbox_example_test', mailServerHost: 'Google', mailServerConnectionDate: null });
    const again = await send('POST', endpoints.email.registerEmail, { id: first.data.id, mailUserName: 'inbox@example.test', mailServerHost: 'Google', dbTableName: 'support_mails' }, imapToken);
    const second = imapAccountResponseSchema.parse(await again.json());
    expect(second.message).toBe(EMAIL_MESSAGES.accountUpdated);
    expect(second.data).toMatchObject({ id: first.data.id, dbTableName: 'support_mails' });
    const listed = imapAccountListResponseSchema.parse(await (await get(endpoints.email.getEmailConfig, imapToken)).json());
    expect(listed.data).toEqual([second.data]);
    // Both are in the audit trail: who added the account, and which table it changed to.
    const audited = await mailAccountAudit(first.data.id);
    expect(audited.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(audited[1]?.after_json).toContain('"db_table_name":"support_mails"');
    const badTable = await errorOf(await send('POST', endpoints.email.registerEmail, { mailUserName: 'inbox@example.test', mailServerHost: 'Google', dbTableName: 'x; drop table users' }, imapToken), 400);
    expect(Object.keys(badTable.fieldErrors ?? {})).toEqual(['dbTableName']);
  });

  describe('account sign-in', () => {
    let tokenServer: HttpServer;
    let tokenRequests: URLSearchParams[];
    const saved = { ...process.env };

    beforeAll(async () => {
      tokenRequests = [];
      tokenServer = createHttpServer((request, response) => {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          tokenRequests.push(new URLSearchParams(body));
          const claims = Buffer.from(JSON.stringify({ email: 'signed-in@example.test' })).toString('base64url');
          response.setHeader('content-type', 'application/json');
          response.end(JSON.stringify({ access_token: 'a', refresh_token: 'refresh-secret-token', id_token: `e30.${claims}.sig` }));
        });
      });
      await new Promise<void>((resolve) => tokenServer.listen(0, '127.0.0.1', resolve));
    });
    afterAll(async () => {
      process.env = saved;
      await new Promise((resolve) => tokenServer.close(resolve));
    });

    it('answers a clear message when the provider is not configured', async () => {
      delete process.env['MAIL_MICROSOFT_CLIENT_ID'];
      const error = await errorOf(await get(`${endpoints.email.accountSignIn}?accountType=MICROSOFT`, imapToken), 400);
      expect(error.message).toBe(EMAIL_MESSAGES.oauthNotConfigured('Microsoft', 'MAIL_MICROSOFT_CLIENT_ID and MAIL_MICROSOFT_CLIENT_SECRET'));
      await errorOf(await get(`${endpoints.email.accountSignIn}?accountType=Google`, token), 403);
    });

    it('sends the browser to the provider with a signed state, and the callback connects the account', async () => {
      process.env['MAIL_GOOGLE_CLIENT_ID'] = 'google-client';
      process.env['MAIL_GOOGLE_CLIENT_SECRET'] = 'google-secret';
      process.env['MAIL_GOOGLE_TOKEN_URL'] = `http://127.0.0.1:${(tokenServer.address() as AddressInfo).port}/token`;
      const signIn = await get(`${endpoints.email.accountSignIn}?accountType=Google&email=signed-in%40example.test`, imapToken);
      const nonceCookie = signIn.headers.getSetCookie().find((cookie) => cookie.startsWith('mail_signin_nonce='));
      expect(nonceCookie).toMatch(new RegExp(`; Path=${endpoints.email.accountCallback}; HttpOnly; SameSite=Lax`, 'i'));
      const browserCookie = nonceCookie?.split(';')[0] ?? '';
      const answer = accountSignInResponseSchema.parse(await signIn.json());
      const url = new URL(answer.data.url);
      expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
      expect(url.searchParams.get('client_id')).toBe('google-client');
      expect(url.searchParams.get('response_type')).toBe('code');
      expect(url.searchParams.get('access_type')).toBe('offline');
      expect(url.searchParams.get('scope')).toContain('https://mail.google.com/');
      expect(url.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}${endpoints.email.accountCallback}`);
      const state = url.searchParams.get('state') ?? '';

      // The same link completed in a browser that did not start the sign-in (no nonce cookie, or another one) connects
      // nothing and never reaches the token endpoint.
      const callbackPath = `${endpoints.email.accountCallback}?code=the-code&scope=mail&state=${encodeURIComponent(state)}`;
      const otherBrowsers: Record<string, string>[] = [{}, { cookie: 'mail_signin_nonce=someone-elses' }];
      for (const otherBrowser of otherBrowsers) {
        const elsewhere = await t.request(callbackPath, { headers: otherBrowser });
        expect(await returnTarget(elsewhere)).toBe(`/studio/email-setup?${new URLSearchParams({ tab: 'account', account: 'failed', message: EMAIL_MESSAGES.accountOtherBrowser }).toString()}`);
      }
      expect(tokenRequests).toHaveLength(0);

      const callback = await t.request(callbackPath, { headers: { cookie: browserCookie } });
      expect(callback.headers.getSetCookie().join()).toMatch(/mail_signin_nonce=;.*Max-Age=0/i);
      expect(callback.status).toBe(200);
      expect(await returnTarget(callback)).toBe('/studio/email-setup?tab=account&account=Added');
      expect(tokenRequests.at(-1)?.get('code')).toBe('the-code');
      const accounts = imapAccountListResponseSchema.parse(await (await get(endpoints.email.getEmailConfig, imapToken)).json()).data;
      expect(accounts.find((account) => account.mailUserName === 'signed-in@example.test')).toMatchObject({ mailServerHost: 'Google', mailServerResponseStatus: 'CONNECTED' });
      const raw = await t.server.services.db.selectFrom('imap_accounts').selectAll().where('mail_user_name', '=', 'signed-in@example.test').executeTakeFirstOrThrow();
      expect(JSON.stringify(raw)).not.toContain('refresh-secret-token');
      // The callback has no signed-in user: the audit trail names the one who started the sign-in, the token masked.
      const [connected] = await mailAccountAudit(raw.id);
      expect(connected).toMatchObject({ action: 'create', actor_id: imapUserId });
      expect(connected?.after_json).toContain('"refresh_token_cipher":"********');
      expect(JSON.stringify(connected)).not.toContain(raw.refresh_token_cipher ?? 'no cipher');

      // A forged or tampered state connects nothing, and the redirect never leaves the app.
      const forged = await t.request(`${endpoints.email.accountCallback}?code=x&state=${encodeURIComponent(`${state.split('.')[0] ?? ''}.forged`)}&redirect=https://evil.example`);
      expect(await returnTarget(forged)).toMatch(/^\/studio\/email-setup\?tab=account&account=failed&message=/);
      expect(tokenRequests).toHaveLength(1);
    });
  });
});
