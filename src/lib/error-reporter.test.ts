import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin } from '../../tests/msw/handlers';
import { server } from '../../tests/msw/server';
import { frontendLogReportSchema, type FrontendLogReport } from '../shared/contracts/frontend-logs';
import { endpoints } from '../shared/endpoints';
import { captureRouterErrors, installErrorCapture, type CapturedError } from './error-capture';
import { createErrorReporter, REPORTER_LIMITS } from './error-reporter';
import { setSession } from './session';
import { waitUntil } from '../../tests/support/wait';

const JWT = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.abcDEF123_-xyz';

interface Received {
  report: FrontendLogReport;
  authorization: string | null;
}

/** The log endpoint as the server answers it, every report parsed with the contract the server validates with. */
function logEndpoint(answer: () => Response = () => HttpResponse.json({ success: true, data: { accepted: 1 } }, { status: 202 })): Received[] {
  const received: Received[] = [];
  server.use(
    http.post(anyOrigin(endpoints.auth.frontendLogs), async ({ request }) => {
      received.push({ report: frontendLogReportSchema.parse(await request.json()), authorization: request.headers.get('authorization') });
      return answer();
    }),
  );
  return received;
}

const captured = (error: unknown, overrides: Partial<CapturedError> = {}): CapturedError => ({
  kind: 'error',
  error,
  at: 1_700_000_000_000,
  route: '/studio/automation-studio',
  ...overrides,
});

const entriesOf = (received: Received[]) => received.flatMap((one) => one.report.entries);

describe('the error reporter', () => {
  let reporter: ReturnType<typeof createErrorReporter>;
  let clock = 1_700_000_000_000;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    clock = 1_700_000_000_000;
    reporter = createErrorReporter({ now: () => clock });
  });
  afterEach(() => {
    reporter.close();
    vi.useRealTimers();
  });

  /** Past the batch delay, and every request it started answered. */
  async function afterBatch(received: Received[], count: number): Promise<void> {
    await vi.advanceTimersByTimeAsync(REPORTER_LIMITS.batchDelayMs);
    await waitUntil(() => expect(received).toHaveLength(count));
  }

  it('sends an error scrubbed and cut to size, batched with the errors that follow it, with the access token when signed in', async () => {
    setSession({ token: 'access-token-1', refreshToken: 'refresh-1', userId: 'user-1' });
    const received = logEndpoint();
    const error = new TypeError(`fetch of /api/x?token=abc failed for mia@example.com with Bearer ${JWT}`);
    error.stack = `TypeError: boom\n${'    at frame (https://studio.example.com/studio/assets/app.js?v=2:1:1)\n'.repeat(200)}`;
    reporter.report(captured(error, { scriptUrl: 'https://studio.example.com/studio/assets/app.js?v=2', line: 3, column: 14, route: '/studio/login?code=secret' }));
    reporter.report(captured('slow '.repeat(1000), { kind: 'unhandledrejection' }));
    expect(received).toHaveLength(0);
    await afterBatch(received, 1);

    expect(received[0]?.authorization).toBe('Bearer access-token-1');
    const [first, second] = received[0]?.report.entries ?? [];
    expect(first).toMatchObject({
      kind: 'error',
      message: 'TypeError: fetch of /api/x?token=[redacted] failed for [email] with Bearer [redacted]',
      scriptUrl: 'https://studio.example.com/studio/assets/app.js',
      line: 3,
      column: 14,
      route: '/studio/login',
      repeats: 1,
    });
    expect(first?.stack).toHaveLength(4000);
    expect(first?.stack?.endsWith('…')).toBe(true);
    expect(second).toMatchObject({ kind: 'unhandledrejection', repeats: 1 });
    expect(second?.message).toHaveLength(1000);
  });

  it('sends no token when signed out, and names a failed chunk load as such whatever caught it', async () => {
    const received = logEndpoint();
    reporter.report(captured(new TypeError('Failed to fetch dynamically imported module: https://studio.example.com/studio/assets/ReportViewPage-Ab.js'), { kind: 'router' }));
    await afterBatch(received, 1);
    expect(received[0]?.authorization).toBeNull();
    expect(received[0]?.report.entries[0]?.kind).toBe('chunk-load');
  });

  it('turns a loop of one error into two entries: the first one, and its repeats when the page is hidden', async () => {
    const received = logEndpoint();
    for (let i = 0; i < 1000; i += 1) reporter.report(captured(new Error('Maximum update depth exceeded')));
    await afterBatch(received, 1);
    expect(received[0]?.report.entries).toEqual([expect.objectContaining({ message: 'Error: Maximum update depth exceeded', repeats: 1000 })]);

    for (let i = 0; i < 500; i += 1) reporter.report(captured(new Error('Maximum update depth exceeded')));
    window.dispatchEvent(new Event('pagehide'));
    await waitUntil(() => expect(received).toHaveLength(2));
    expect(received[1]?.report.entries).toEqual([expect.objectContaining({ message: 'Error: Maximum update depth exceeded', repeats: 500 })]);

    // Sent twice: the rest of the page's life it is not sent again.
    for (let i = 0; i < 500; i += 1) reporter.report(captured(new Error('Maximum update depth exceeded')));
    window.dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(REPORTER_LIMITS.batchDelayMs);
    expect(received).toHaveLength(2);
  });

  it(`sends at most ${REPORTER_LIMITS.entriesPerPage} entries in a page's life, in reports of 10`, async () => {
    const received = logEndpoint();
    for (let i = 0; i < 35; i += 1) reporter.report(captured(new Error(`distinct failure ${i}`)));
    await afterBatch(received, 2);
    expect(received.map((one) => one.report.entries.length)).toEqual([10, 10]);
    reporter.report(captured(new Error('one more')));
    await vi.advanceTimersByTimeAsync(REPORTER_LIMITS.batchDelayMs);
    expect(entriesOf(received)).toHaveLength(REPORTER_LIMITS.entriesPerPage);
  });

  it(`keeps ${REPORTER_LIMITS.keptWhileOffline} entries while the network is down and sends them when it is back`, async () => {
    let down = true;
    const received = logEndpoint();
    server.use(http.post(anyOrigin(endpoints.auth.frontendLogs), () => (down ? HttpResponse.error() : undefined)));
    for (let i = 0; i < 7; i += 1) reporter.report(captured(new Error(`offline failure ${i}`)));
    await vi.advanceTimersByTimeAsync(REPORTER_LIMITS.batchDelayMs);
    expect(received).toHaveLength(0);

    down = false;
    window.dispatchEvent(new Event('online'));
    await waitUntil(() => expect(received).toHaveLength(1));
    expect(received[0]?.report.entries.map((entry) => entry.message)).toEqual([0, 1, 2, 3, 4].map((i) => `Error: offline failure ${i}`));
  });

  it("stays quiet for as long as the server's Retry-After asks", async () => {
    let limited = true;
    const received = logEndpoint(() =>
      limited ? HttpResponse.json({ success: false, message: 'Too many error reports' }, { status: 429, headers: { 'Retry-After': '120' } }) : HttpResponse.json({ success: true, data: { accepted: 1 } }, { status: 202 }),
    );
    reporter.report(captured(new Error('first')));
    await afterBatch(received, 1);
    limited = false;
    clock += 119_000;
    reporter.report(captured(new Error('within the pause')));
    await vi.advanceTimersByTimeAsync(REPORTER_LIMITS.batchDelayMs);
    expect(received).toHaveLength(1);
    clock += 2_000;
    reporter.report(captured(new Error('after the pause')));
    await afterBatch(received, 2);
    expect(received[1]?.report.entries.map((entry) => entry.message)).toEqual(['Error: after the pause']);
  });
});

describe('error capture in the page', () => {
  it("reports the window's uncaught errors, unhandled rejections, failed chunk loads and the router's failed routes", async () => {
    const received = logEndpoint();
    const target = new EventTarget() as unknown as Window;
    installErrorCapture(target);
    const uncaught = new ErrorEvent('error', { error: new RangeError('Invalid time value'), filename: 'http://localhost/studio/assets/index-Ab.js?x=1', lineno: 1, colno: 99 });
    target.dispatchEvent(uncaught);
    const rejection = new Event('unhandledrejection') as Event & { reason?: unknown };
    rejection.reason = new Error(`refresh failed: ${JWT}`);
    target.dispatchEvent(rejection);
    const preload = new Event('vite:preloadError') as Event & { payload?: unknown };
    preload.payload = new Error('Unable to preload CSS for /studio/assets/ReportGrid-Xy.css');
    target.dispatchEvent(preload);

    const listeners: (() => void)[] = [];
    const routeFailure = new Error('loader failed');
    const router = { subscribe: (_event: 'onResolved', listener: () => void) => (listeners.push(listener), () => undefined), state: { matches: [{ status: 'success' }, { status: 'error', error: routeFailure }] } };
    captureRouterErrors(router);
    listeners.forEach((listener) => listener());
    // The same failed route resolving again is the same failure.
    listeners.forEach((listener) => listener());

    // The reporter is loaded with the first error and sends after its batch delay.
    await vi.waitFor(() => expect(entriesOf(received)).toHaveLength(4), { timeout: REPORTER_LIMITS.batchDelayMs + 20_000 });
    expect(entriesOf(received).map(({ kind, message }) => [kind, message])).toEqual([
      ['error', 'RangeError: Invalid time value'],
      ['unhandledrejection', 'Error: refresh failed: [jwt]'],
      ['chunk-load', 'Error: Unable to preload CSS for /studio/assets/ReportGrid-Xy.css'],
      ['router', 'Error: loader failed'],
    ]);
    expect(entriesOf(received)[0]).toMatchObject({ scriptUrl: 'http://localhost/studio/assets/index-Ab.js', line: 1, column: 99, route: '/studio/' });
  });
});
