import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { FRONTEND_LOG_RATE, type FrontendLogEntry } from '../../../shared/contracts/frontend-logs';
import { endpoints } from '../../../shared/endpoints';
import { startTestServer, type TestServer } from '../../testing/testServer';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTEiLCJzaWQiOiJmYW1pbHkifQ.c2lnbmF0dXJlLWJ5dGVzLWhlcmU';
const REFRESH = 'Zq3v9Xw1bT7yKp2mNc8rLd5sHf4gJa6eQo0uWi3xYz1';

const entry = (overrides: Partial<FrontendLogEntry> = {}): FrontendLogEntry => ({
  kind: 'error',
  message: 'TypeError: x is undefined',
  route: '/studio/automation-studio',
  at: Date.UTC(2026, 0, 5, 9, 30),
  repeats: 1,
  ...overrides,
});

describe('POST logs/fe/angular: client errors into the server log', () => {
  let t: TestServer;
  const lines: Record<string, unknown>[] = [];
  let token: string;

  beforeAll(async () => {
    t = await startTestServer({ browserPoolSize: 0, logDestination: { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) } });
    token = await t.tokenFor(await t.createUser(['STUDIO']));
  });
  afterAll(async () => t.close());

  const report = (entries: unknown[], as?: string, init: RequestInit = {}) =>
    t.request(endpoints.auth.frontendLogs, {
      method: 'POST',
      ...(as === undefined ? {} : { token: as }),
      headers: { 'content-type': 'application/json', ...init.headers },
      body: JSON.stringify({ entries }),
    });
  const clientLines = () => lines.filter((line) => line.origin === 'client');

  it('writes one structured line per entry, with no token, e-mail address or secret parameter left in it', async () => {
    const response = await report(
      [
        entry({
          message: `Request failed: Authorization: Bearer ${JWT} for mia.krystof@example.com at /studio/logged-out?token=${REFRESH}&page=2`,
          stack: `Error: boom\n    at load (https://studio.example.com/studio/assets/index-Ab12.js?v=3:1:200)\n    {"password":"hunter2","refreshtoken":"${REFRESH}"}`,
          scriptUrl: 'https://studio.example.com/studio/assets/index-Ab12.js?code=4/0AbCd&state=from_login',
          line: 1,
          column: 200,
          route: '/studio/login?redirect=%2Fstudio&code=4%2F0AX',
        }),
        entry({ kind: 'chunk-load', message: 'Failed to fetch dynamically imported module: /studio/assets/ReportViewPage-Xy.js', repeats: 3 }),
      ],
      undefined,
      { headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0' } },
    );
    expect(response.status, await response.clone().text()).toBe(202);
    expect(await response.json()).toEqual({ success: true, data: { accepted: 2 } });

    const [first, second] = clientLines();
    expect(first).toMatchObject({
      level: 40,
      msg: 'client error',
      kind: 'error',
      message: 'Request failed: Authorization: Bearer [redacted] for [email] at /studio/logged-out?token=[redacted]&page=2',
      scriptUrl: 'https://studio.example.com/studio/assets/index-Ab12.js',
      line: 1,
      column: 200,
      route: '/studio/login',
      at: '2026-01-05T09:30:00.000Z',
      repeats: 1,
      session: null,
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
    });
    expect(first?.stack).toBe('Error: boom\n    at load (https://studio.example.com/studio/assets/index-Ab12.js?v=3:1:200)\n    {"password":"[redacted]","refreshtoken":"[redacted]"}');
    expect(second).toMatchObject({ kind: 'chunk-load', repeats: 3 });
    expect(first?.reportId).toBe(second?.reportId);
    const written = JSON.stringify(lines);
    for (const secret of [JWT, REFRESH, 'mia.krystof', 'hunter2', '4/0AbCd', '4%2F0AX']) expect(written).not.toContain(secret);
  });

  it('ties a signed-in report to its session by a tag that is not the session id; a bad token still reports, signed out', async () => {
    lines.length = 0;
    expect((await report([entry()], token)).status).toBe(202);
    expect((await report([entry()], 'not-a-token')).status).toBe(202);
    const [signedIn, signedOut] = clientLines();
    expect(signedIn?.session).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(signedOut?.session).toBeNull();
    const sessions = await t.server.services.db.selectFrom('refresh_tokens').select('family_id').execute();
    for (const { family_id } of sessions) expect(JSON.stringify(lines)).not.toContain(family_id);
  });

  it(`takes ${FRONTEND_LOG_RATE.perSession} reports per session per window, then answers 429 with Retry-After; another session goes on`, async () => {
    const flooding = await t.tokenFor(await t.createUser(['STUDIO']));
    for (let sent = 0; sent < FRONTEND_LOG_RATE.perSession; sent += 1) expect((await report([entry()], flooding)).status).toBe(202);
    lines.length = 0;
    const refused = await report([entry()], flooding);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorBodySchema.parse(await refused.json()).message).toMatch(/^Too many error reports; the next one is taken in \d+ s\.$/);
    expect(clientLines()).toEqual([]);
    expect((await report([entry()], token)).status).toBe(202);
  });

  it('answers 400, never 500, to a report that breaks the contract', async () => {
    const bodies: unknown[] = [
      [],
      Array.from({ length: 11 }, () => entry()),
      [entry({ message: '' })],
      [entry({ message: 'x'.repeat(1001) })],
      [{ ...entry(), kind: 'warning' }],
      [{ ...entry(), repeats: 0 }],
    ];
    for (const entries of bodies) {
      const response = await report(entries as unknown[]);
      expect(response.status).toBe(400);
      expect(errorBodySchema.safeParse(await response.json()).success).toBe(true);
    }
    const broken = await t.request(endpoints.auth.frontendLogs, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"entries": [' });
    expect(broken.status).toBe(400);
  });
});
