import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin } from '../../tests/msw/handlers';
import { server } from '../../tests/msw/server';
import { pollLink } from '../../tests/support/poll-link';
import { restoreVisibility, setVisibility } from '../../tests/support/visibility';
import { MIN_POLL_RETRY_MS, pollingOptions } from './polling';
import { usePollWhileHidden } from './wall-display';

const query = (dataUpdatedAt: number, errorUpdatedAt: number) => ({ state: { dataUpdatedAt, errorUpdatedAt } });

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
