import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { delay, HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { anyOrigin } from '../../tests/msw/handlers';
import { server } from '../../tests/msw/server';
import { pollLink } from '../../tests/support/poll-link';
import { restoreVisibility, setVisibility } from '../../tests/support/visibility';
import { ApiError, apiJson } from '../lib/api-client';
import { followConnection } from '../lib/query-client';
import { createReachability, reachability } from '../lib/reachability';
import { endpoints } from '../shared/endpoints';
import { MIN_POLL_RETRY_MS, MIN_TEST_POLL_PERIOD_MS, pollingOptions, pollPeriodMs, shortestPollPeriodOnScreen, TEST_POLL_PERIOD_KEY } from './polling';
import { usePollWhileHidden } from './wall-display';

const query = (dataUpdatedAt: number, errorUpdatedAt: number) => ({ state: { dataUpdatedAt, errorUpdatedAt, error: null, fetchStatus: 'idle' as const } });

describe('pollingOptions', () => {
  it('polls at the spec period while the poll succeeds, never in hidden tabs, and leaves retrying to the backoff', () => {
    const options = pollingOptions(5_000);
    expect(options.refetchInterval(query(100, 0))).toBe(5_000);
    expect(options.refetchIntervalInBackground).toBe(false);
    expect(options.retry).toBe(false);
  });

  it('backs off with full jitter on consecutive failures, capped at 60 s, and returns to the period on success', () => {
    const { refetchInterval } = pollingOptions(5_000, { random: () => 0.999_999 });
    const polled = query(100, 0);
    const delays: number[] = [];
    for (let failure = 1; failure <= 6; failure += 1) {
      polled.state.errorUpdatedAt = 100 + failure;
      delays.push(refetchInterval(polled));
      // Asked again without a new failure: the same delay.
      expect(refetchInterval(polled)).toBe(delays.at(-1));
    }
    expect(delays).toEqual([9_999, 19_999, 39_999, 59_999, 59_999, 59_999]);
    polled.state.dataUpdatedAt = 200;
    expect(refetchInterval(polled)).toBe(5_000);
    polled.state.errorUpdatedAt = 201;
    expect(refetchInterval(polled)).toBe(9_999);
  });

  it('keeps counting failures when the view builds its options again on every render', () => {
    const polled = query(100, 0);
    const delays = [101, 102, 103].map((errorUpdatedAt) => {
      polled.state.errorUpdatedAt = errorUpdatedAt;
      return pollingOptions(5_000, { random: () => 0.5 }).refetchInterval(polled);
    });
    expect(delays).toEqual([5_000, 10_000, 20_000]);
  });

  it('never returns 0 (which would stop the poll) when the jitter falls low', () => {
    const { refetchInterval } = pollingOptions(5_000, { random: () => 0 });
    expect(refetchInterval(query(100, 101))).toBe(MIN_POLL_RETRY_MS);
  });
});

const PATH = '/api/poll-test';
const PERIOD_MS = 5_000;

/**
 * A view polling PATH through a real QueryClient. Like a component, it hands the observer freshly built options after
 * every result (a render); `retry` plays a view the spec gives retries (health).
 */
function pollView(client: QueryClient, { retry }: { retry?: number } = {}) {
  const options = () => ({
    queryKey: ['poll-test'],
    queryFn: async () => {
      const response = await fetch(`http://localhost${PATH}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as { n: number };
    },
    ...pollingOptions(PERIOD_MS, { random: () => 0.999_999 }),
    ...(retry !== undefined ? { retry, retryDelay: 1_000 } : {}),
  });
  const observer = new QueryObserver(client, options());
  const stop = observer.subscribe(() => observer.setOptions(options()));
  return { observer, stop };
}

describe('a polled view (React Query, msw)', () => {
  let client: QueryClient;
  let served: number;

  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    // As QueryClientProvider does: the client hears focus (visibility) and network changes.
    client.mount();
    served = 0;
  });

  afterEach(() => {
    client.clear();
    client.unmount();
    restoreVisibility();
    vi.useRealTimers();
  });

  function serve(slowMs?: number) {
    const link = pollLink(PATH, slowMs !== undefined ? { slowMs } : {});
    server.use(
      link.handler,
      http.get(anyOrigin(PATH), () => {
        served += 1;
        return HttpResponse.json({ n: served });
      }),
    );
    return link;
  }

  it.each(['server-error', 'offline'] as const)('backs off while the poll fails (%s), keeps the last data, and returns to the period on the first success', async (failure) => {
    const link = serve();
    const { observer, stop } = pollView(client);
    await vi.advanceTimersByTimeAsync(0);
    expect(observer.getCurrentResult().data).toEqual({ n: 1 });

    link.state = failure;
    await vi.advanceTimersByTimeAsync(PERIOD_MS + 10_000 + 20_000 + 40_000 + 60_000);
    // One poll at the period, then full jitter over 10, 20, 40 s and the 60 s cap (random() just under 1).
    expect(link.gaps()).toEqual([PERIOD_MS, 9_999, 19_999, 39_999, 59_999]);
    expect(observer.getCurrentResult().data).toEqual({ n: 1 });
    expect(observer.getCurrentResult().isError).toBe(true);

    link.state = 'up';
    await vi.advanceTimersByTimeAsync(60_000);
    expect(observer.getCurrentResult().data).toEqual({ n: 2 });
    const recovered = link.requests.length;
    await vi.advanceTimersByTimeAsync(3 * PERIOD_MS);
    expect(link.requests.length - recovered).toBe(3);
    expect(link.gaps().slice(-3)).toEqual([PERIOD_MS, PERIOD_MS, PERIOD_MS]);
    stop();
  });

  it('sends no second request while a slow answer is on its way, and keeps showing the last data', async () => {
    const link = serve(12_000);
    const { observer, stop } = pollView(client);
    await vi.advanceTimersByTimeAsync(0);
    link.state = 'up';
    await vi.advanceTimersByTimeAsync(PERIOD_MS);
    link.state = 'slow';
    await vi.advanceTimersByTimeAsync(PERIOD_MS);
    const slowStarted = link.requests.length;
    await vi.advanceTimersByTimeAsync(11_000);
    expect(link.requests.length).toBe(slowStarted);
    expect(observer.getCurrentResult().data).toEqual({ n: 2 });
    link.state = 'up';
    await vi.advanceTimersByTimeAsync(1_000);
    expect(observer.getCurrentResult().data).toEqual({ n: 3 });
    stop();
  });

  it('does not poll in a hidden tab, and catches up when the tab is shown again', async () => {
    const link = serve();
    const { observer, stop } = pollView(client);
    await vi.advanceTimersByTimeAsync(0);
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(6 * PERIOD_MS);
    expect(link.requests).toHaveLength(1);

    setVisibility('visible');
    await vi.advanceTimersByTimeAsync(0);
    expect(link.requests).toHaveLength(2);
    expect(observer.getCurrentResult().data).toEqual({ n: 2 });
    await vi.advanceTimersByTimeAsync(PERIOD_MS);
    expect(link.requests).toHaveLength(3);
    stop();
  });

  it('keeps polling while hidden on a wall display, retries included, and stops again when the mode ends', async () => {
    const link = serve();
    const { stop } = pollView(client, { retry: 2 });
    await vi.advanceTimersByTimeAsync(0);
    const wall = renderHook(({ enabled }) => usePollWhileHidden(enabled), { initialProps: { enabled: true } });
    setVisibility('hidden');
    await vi.advanceTimersByTimeAsync(0);
    const hiddenAt = link.requests.length;
    await vi.advanceTimersByTimeAsync(3 * PERIOD_MS);
    expect(link.requests).toHaveLength(hiddenAt + 3);

    // A failing poll's retries (1 s apart) go on while hidden instead of pausing until the page is shown.
    link.state = 'server-error';
    await vi.advanceTimersByTimeAsync(PERIOD_MS + 2_000);
    expect(link.requests).toHaveLength(hiddenAt + 6);
    expect(link.gaps().slice(-2)).toEqual([1_000, 1_000]);

    link.state = 'up';
    wall.rerender({ enabled: false });
    const before = link.requests.length;
    await vi.advanceTimersByTimeAsync(70_000);
    expect(link.requests).toHaveLength(before);
    wall.unmount();
    stop();
  });
});

describe('the test-only poll period', () => {
  it('shortens the spec period on a loopback page, never below its minimum nor above the spec period', () => {
    expect(pollPeriodMs(10_000)).toBe(10_000);
    sessionStorage.setItem(TEST_POLL_PERIOD_KEY, '200');
    expect(pollPeriodMs(10_000)).toBe(200);
    expect(pollingOptions(10_000).refetchInterval(query(100, 0))).toBe(200);
    expect(pollPeriodMs(150)).toBe(150);
    sessionStorage.setItem(TEST_POLL_PERIOD_KEY, String(MIN_TEST_POLL_PERIOD_MS - 1));
    expect(pollPeriodMs(10_000)).toBe(10_000);
    sessionStorage.setItem(TEST_POLL_PERIOD_KEY, 'fast');
    expect(pollPeriodMs(10_000)).toBe(10_000);
  });

  it('is ignored on a page served by a network name, as every display in the field is', () => {
    (window as Window & { happyDOM?: { setURL(url: string): void } }).happyDOM?.setURL('https://studio.example.com/studio/');
    sessionStorage.setItem(TEST_POLL_PERIOD_KEY, '200');
    expect(pollPeriodMs(10_000)).toBe(10_000);
  });
});

/** What the link does to the polled path and to the probe's HEAD /api/healthCheck. */
type Outage = 'up' | 'cut' | 'silent';

/**
 * A view polled through the app's own API client (so failures mark the page's reachability as in the browser) and
 * the page's query client following the connection, as main.tsx wires it. The link can be cut (no answer at once) or
 * go silent (lie-fi: requests hang, navigator.onLine stays true).
 */
function recoveryRig(client: QueryClient) {
  const link = { state: 'up' as Outage, served: 0, probes: 0 };
  const outage = async () => {
    if (link.state === 'cut') return HttpResponse.error();
    if (link.state === 'silent') await delay('infinite');
    return undefined;
  };
  server.use(
    http.head(anyOrigin(endpoints.health.check), async () => {
      link.probes += 1;
      return (await outage()) ?? new HttpResponse(null, { status: 200 });
    }),
    http.get(anyOrigin(PATH), async () => {
      const failed = await outage();
      if (failed) return failed;
      link.served += 1;
      return HttpResponse.json({ n: link.served });
    }),
  );
  const options = () => ({
    queryKey: ['recovery-test'],
    queryFn: ({ signal }: { signal: AbortSignal }) => apiJson(PATH, z.object({ n: z.number() }), { signal }),
    ...pollingOptions(PERIOD_MS),
  });
  const observer = new QueryObserver(client, options());
  const stopObserving = observer.subscribe(() => observer.setOptions(options()));
  const stopFollowing = followConnection(client, { onLine: true });
  return {
    link,
    observer,
    /** Milliseconds (fake time) from now until the view shows data newer than what it shows now. */
    async msUntilFresh(limitMs: number): Promise<number> {
      const before = observer.getCurrentResult().dataUpdatedAt;
      for (let waited = 0; waited <= limitMs; waited += 50) {
        if (observer.getCurrentResult().dataUpdatedAt > before) return waited;
        await vi.advanceTimersByTimeAsync(50);
      }
      // The state says which part of the recovery did not happen.
      const { fetchStatus, status, failureCount, dataUpdatedAt, errorUpdatedAt } = observer.getCurrentResult();
      const state = { fetchStatus, status, failureCount, before, dataUpdatedAt, errorUpdatedAt, now: Date.now(), reachable: reachability.isReachable(), served: link.served, probes: link.probes };
      throw new Error(`No fresh data within ${limitMs} ms: ${JSON.stringify(state)}`);
    },
    stop() {
      stopObserving();
      stopFollowing();
    },
  };
}

describe('a polled view after an outage (app API client, page reachability, msw)', () => {
  let client: QueryClient;

  beforeEach(() => {
    vi.useFakeTimers();
    client = new QueryClient();
    client.mount();
  });

  afterEach(async () => {
    // The page's reachability outlives the test: leave it reachable for the next one.
    reachability.answered(Date.now());
    client.clear();
    client.unmount();
    vi.useRealTimers();
  });

  it.each([
    ['cut', 10 * 60_000],
    ['silent', 10 * 60_000],
    ['cut', 15_000],
  ] as const)('keeps its data through a %s link for %i ms, backing off, and is fresh within one period of the link returning', async (outage, downMs) => {
    const rig = recoveryRig(client);
    await vi.advanceTimersByTimeAsync(0);
    expect(rig.observer.getCurrentResult().data).toEqual({ n: 1 });

    rig.link.state = outage;
    await vi.advanceTimersByTimeAsync(downMs);
    expect(reachability.isReachable()).toBe(false);
    expect(rig.observer.getCurrentResult().data).toEqual({ n: 1 });
    expect(rig.observer.getCurrentResult().isError).toBe(true);
    expect(shortestPollPeriodOnScreen()).toBe(PERIOD_MS);

    rig.link.state = 'up';
    // The probe's gap is at most the period; the refetch it starts answers at once here.
    expect(await rig.msUntilFresh(PERIOD_MS + 1_000)).toBeLessThanOrEqual(PERIOD_MS);
    expect(rig.observer.getCurrentResult().data).toEqual({ n: 2 });
    // The backoff is over: the spec's period again.
    await vi.advanceTimersByTimeAsync(2 * PERIOD_MS);
    expect(rig.observer.getCurrentResult().data).toEqual({ n: 4 });
    rig.stop();
  });

  it('starts a poll that went silent in a drop too short to notice again once it is past its period, not after its 15 s timeout', async () => {
    const rig = recoveryRig(client);
    await vi.advanceTimersByTimeAsync(PERIOD_MS - 10);
    rig.link.state = 'silent';
    // The next poll goes out into the silent link, which comes back half a second later: the poll's connection is dead.
    await vi.advanceTimersByTimeAsync(500);
    rig.link.state = 'up';
    expect(rig.observer.getCurrentResult().fetchStatus).toBe('fetching');
    // A probe at the 2 s suspicion finds the server answering; the poll is started again once silent for a period.
    expect(await rig.msUntilFresh(20_000)).toBeLessThanOrEqual(PERIOD_MS);
    expect(reachability.isReachable()).toBe(true);
    expect(rig.observer.getCurrentResult().data).toEqual({ n: 2 });
    rig.stop();
  });

  it('polls again at the period when its request was abandoned as the server came back, but backs off on a dead link', () => {
    const page = createReachability();
    const { refetchInterval } = pollingOptions(PERIOD_MS, { random: () => 0.999_999, reachability: page });
    const noAnswer = { state: { dataUpdatedAt: 100, errorUpdatedAt: 101, error: new ApiError(0, 'no answer'), fetchStatus: 'idle' as const } };
    // Failed on the dead link: the request marked the server unreachable before it failed.
    page.failed();
    expect(refetchInterval(noAnswer)).toBe(9_999);
    // Left on a dead connection and abandoned when a probe found the server again (lib/api-client.ts).
    page.answered(Date.now());
    noAnswer.state.errorUpdatedAt = 102;
    expect(refetchInterval(noAnswer)).toBe(PERIOD_MS);
    // A server that answers with an error is backed off from, reachable or not.
    const serverError = { state: { dataUpdatedAt: 100, errorUpdatedAt: 103, error: new ApiError(500, 'Internal Server Error'), fetchStatus: 'idle' as const } };
    expect(refetchInterval(serverError)).toBe(9_999);
  });
});
