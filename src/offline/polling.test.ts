import { describe, expect, it } from 'vitest';
import { MIN_POLL_RETRY_MS, pollingOptions } from './polling';

const query = (dataUpdatedAt: number, errorUpdatedAt: number) => ({ state: { dataUpdatedAt, errorUpdatedAt } });

describe('pollingOptions', () => {
  it('polls at the spec period while the poll succeeds, and not in hidden tabs unless a wall display', () => {
    expect(pollingOptions(5_000).refetchInterval(query(100, 0))).toBe(5_000);
    expect(pollingOptions(5_000).refetchIntervalInBackground).toBe(false);
    expect(pollingOptions(5_000, { wallDisplay: true }).refetchIntervalInBackground).toBe(true);
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

  it('never returns 0 (which would stop the poll) when the jitter falls low', () => {
    const { refetchInterval } = pollingOptions(5_000, { random: () => 0 });
    expect(refetchInterval(query(100, 101))).toBe(MIN_POLL_RETRY_MS);
  });
});
