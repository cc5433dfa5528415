import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORGANIZATION_TAG } from '../../shared/contracts/collections';
import { endpoints } from '../../shared/endpoints';
import { startTestServer, type TestServer } from '../testing/testServer';
import { SERVER_FAULT_MESSAGE } from './apiError';
import { REQUEST_ID_HEADER } from './requestContext';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type LogEntry = Record<string, unknown> & { msg: string; level: number };

describe('a request id per request, in its answer and in every line logged while it is handled', () => {
  let t: TestServer;
  const entries: LogEntry[] = [];
  const raw: string[] = [];
  let token: string;

  beforeAll(async () => {
    t = await startTestServer({
      browserPoolSize: 0,
      logDestination: {
        write: (line: string) => {
          raw.push(line);
          entries.push(JSON.parse(line) as LogEntry);
        },
      },
    });
    token = await t.tokenFor(t.admin);
  });
  afterAll(async () => t.close());

  const linesOf = (requestId: string) => entries.filter((entry) => entry.requestId === requestId);

  it('makes one when the caller sent none, and logs the request with it, its route pattern, status and time', async () => {
    const response = await t.request(`${endpoints.users.list}`, { token });
    expect(response.status).toBe(200);
    const requestId = response.headers.get(REQUEST_ID_HEADER) ?? '';
    expect(requestId).toMatch(UUID);
    await expect.poll(() => linesOf(requestId)).toEqual([
      expect.objectContaining({ level: 30, msg: 'request', method: 'GET', path: endpoints.users.list, status: 200, durationMs: expect.any(Number) }),
    ]);
    // Two requests, two ids.
    const again = await t.request(`${endpoints.users.list}`, { token });
    expect(again.headers.get(REQUEST_ID_HEADER)).not.toBe(requestId);
  });

  it("keeps a sane X-Request-Id of the caller (a proxy's), and replaces one too long or with spaces", async () => {
    const kept = await t.request(endpoints.health.check, { headers: { [REQUEST_ID_HEADER]: 'lb-7f3a.2026:11' } });
    expect(kept.headers.get(REQUEST_ID_HEADER)).toBe('lb-7f3a.2026:11');
    await expect.poll(() => linesOf('lb-7f3a.2026:11').map((entry) => entry.msg)).toEqual(['request']);

    for (const insane of ['x'.repeat(129), 'two words', '{"json":1}']) {
      const replaced = await t.request(endpoints.health.check, { headers: { [REQUEST_ID_HEADER]: insane } });
      expect(replaced.headers.get(REQUEST_ID_HEADER)).toMatch(UUID);
    }
    expect(raw.join('')).not.toContain('two words');
  });

  it('carries the id into what the handler logs, on error answers and unknown paths too', async () => {
    // A client error report is logged by its handler, within the request.
    const report = await t.request(endpoints.auth.frontendLogs, {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: 'report-1' },
      body: JSON.stringify({ entries: [{ kind: 'error', message: 'TypeError: x is undefined', route: '/studio/', at: Date.now(), repeats: 1 }] }),
    });
    expect(report.status).toBe(202);
    await expect.poll(() => linesOf('report-1').map((entry) => entry.msg)).toEqual(['client error', 'request']);
    expect(linesOf('report-1')[0]).toMatchObject({ level: 40, origin: 'client' });

    const invalid = await t.request(endpoints.auth.tokens, { method: 'POST', headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: 'bad-1' }, body: '{' });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get(REQUEST_ID_HEADER)).toBe('bad-1');

    const unknown = await t.request('/api/no-such-endpoint', { headers: { [REQUEST_ID_HEADER]: 'unknown-1' } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get(REQUEST_ID_HEADER)).toBe('unknown-1');
    await expect.poll(() => linesOf('unknown-1')).toEqual([expect.objectContaining({ route: 'unmatched', status: 404 })]);
  });

  it("logs a server fault at error with the request's id, and answers 500 without internals", async () => {
    await t.server.services.database.refuseWrites(true);
    try {
      const response = await t.request(endpoints.tags.save, {
        method: 'POST',
        token,
        headers: { 'content-type': 'application/json', [REQUEST_ID_HEADER]: 'fault-1' },
        body: JSON.stringify({ tagName: 'Nightly', tagType: ORGANIZATION_TAG }),
      });
      expect(response.status).toBe(500);
      expect(await response.json()).toEqual({ success: false, message: SERVER_FAULT_MESSAGE });
      expect(response.headers.get(REQUEST_ID_HEADER)).toBe('fault-1');
    } finally {
      await t.server.services.database.refuseWrites(false);
    }
    await expect.poll(() => linesOf('fault-1')).toEqual([
      expect.objectContaining({ level: 50, msg: 'Request failed', method: 'POST', err: expect.objectContaining({ message: expect.any(String), stack: expect.any(String) }) }),
      expect.objectContaining({ level: 50, msg: 'request', route: '/api/tags/tagsManagement/saveTag', status: 500 }),
    ]);
  });

  it('never writes the bearer token, the password or the cookie of a request', async () => {
    const signIn = await t.request(endpoints.auth.tokens, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'sid=cookie-secret', [REQUEST_ID_HEADER]: 'sign-in-1' },
      body: JSON.stringify({ userId: t.admin.email, password: t.admin.password }),
    });
    expect(signIn.status).toBe(200);
    await expect.poll(() => linesOf('sign-in-1').length).toBe(1);
    const text = raw.join('');
    for (const secret of [token, t.admin.password, 'cookie-secret']) expect(text).not.toContain(secret);
  });
});
