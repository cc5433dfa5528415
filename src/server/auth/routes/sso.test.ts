import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '../../../shared/contracts/auth';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { MESSAGES } from '../../../shared/constants';
import { TOKEN_HEADER } from '../../../shared/endpoints';
import { startTestServer, type TestServer } from '../../testing/testServer';

function postSso(t: TestServer, body: unknown) {
  return t.request('/api/sso', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** A stand-in for Google's token and userinfo endpoints on 127.0.0.1: code 'good-<email>' is accepted. */
async function startFakeGoogle(): Promise<{ url: string; server: Server; received: URLSearchParams[] }> {
  const received: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.url === '/token') {
        const form = new URLSearchParams(body);
        received.push(form);
        const code = form.get('code') ?? '';
        res.writeHead(code.startsWith('good-') ? 200 : 400, { 'content-type': 'application/json' });
        res.end(JSON.stringify(code.startsWith('good-') ? { access_token: code.slice(5) } : { error: 'invalid_grant' }));
        return;
      }
      const email = (req.headers.authorization ?? '').replace('Bearer ', '');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ email, email_verified: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, received };
}

describe('Google sign-in', () => {
  let t: TestServer;
  let google: Server | undefined;
  afterEach(async () => {
    await t.close();
    google?.close();
    google = undefined;
  });

  it('answers 503 with the spec message when Google is not configured, and publishes no client id', async () => {
    t = await startTestServer();
    const response = await postSso(t, { provider: 'GOOGLE', authToken: 'code', redirectUri: 'http://127.0.0.1/studio/login' });
    expect(response.status).toBe(503);
    expect(errorBodySchema.parse(await response.json()).message).toBe('Google sign-in is not configured on this server.');
    expect(await (await t.request('/api/sso/config')).json()).toEqual({ googleClientId: null });
  });

  it('validates the body before anything else', async () => {
    t = await startTestServer();
    const response = await postSso(t, { provider: 'FACEBOOK', authToken: '' });
    expect(response.status).toBe(400);
    const body = errorBodySchema.parse(await response.json());
    expect(Object.keys(body.fieldErrors ?? {}).sort()).toEqual(['authToken', 'provider']);
  });

  it('exchanges the code and signs in an existing account; refuses unknown accounts and bad codes', async () => {
    const fake = await startFakeGoogle();
    google = fake.server;
    t = await startTestServer({
      googleClientId: 'client-id',
      googleClientSecret: 'client-secret',
      googleTokenUrl: `${fake.url}/token`,
      googleUserInfoUrl: `${fake.url}/userinfo`,
    });
    expect(await (await t.request('/api/sso/config')).json()).toEqual({ googleClientId: 'client-id' });
    const redirectUri = `${t.baseUrl}/studio/login`;

    const ok = await postSso(t, { provider: 'GOOGLE', authToken: `good-${t.admin.email}`, redirectUri });
    expect(ok.status).toBe(200);
    expect(loginResponseSchema.parse(await ok.json()).data.email).toBe(t.admin.email);
    expect(ok.headers.get(TOKEN_HEADER)).toBeTruthy();
    expect(fake.received[0]?.get('client_secret')).toBe('client-secret');
    expect(fake.received[0]?.get('redirect_uri')).toBe(redirectUri);

    for (const authToken of ['good-stranger@example.test', 'bad-code']) {
      const refused = await postSso(t, { provider: 'GOOGLE', authToken, redirectUri });
      expect(refused.status).toBe(401);
      expect(errorBodySchema.parse(await refused.json()).message).toBe(MESSAGES.accountNotFound);
    }
  });
});
