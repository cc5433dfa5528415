import { describe, expect, it } from 'vitest';
import { runLeadershipSoak } from '../bench/leadership-soak';
import { chromiumMissing } from './harness';

/**
 * The one-minute version of the bench's wall display soak (tests/bench/leadership-soak.ts): the display, its polls at
 * the test-only 200 ms, through a link cut cleanly and silently (the last cut a long one) and one server restart. After each
 * outage the page must show fresh data again within EACH_RECOVERY_LIMIT_MS; the DOM must not grow. The heap figure is
 * the bench's: a minute is too short for a growth of a few per cent to mean anything.
 */
/**
 * Each outage's own bound: far above the bench's 400 ms median budget (a loaded CI machine, a silent drop whose dead
 * connections the browser first has to give up), far below the 60 s a poll backed off to its cap would wait.
 */
const EACH_RECOVERY_LIMIT_MS = 5_000;
/**
 * A safety net, not a speed limit: the soak lasts a minute and the file takes about 125 s on a quiet machine with
 * another e2e file beside it; under two CPU burners it went past the 150 s this limit used to be.
 */
const SOAK_TEST_LIMIT_MS = 600_000;

describe.skipIf(chromiumMissing)('a wall display under a minute of outages', () => {
  it('keeps its data, shows fresh data again after every cut, silent drop and server restart, and keeps its DOM bounded', async () => {
    const result = await runLeadershipSoak({ durationMs: 60_000, cuts: 5, restarts: 1, longMs: 6_000, screenshots: true, heapTrend: false, maxWarmUpCycles: 1, log: (line) => console.log(line) });
    expect(result.recoveries.map((recovery) => recovery.kind)).toEqual(['cut', 'silent', 'cut', 'restart', 'silent', 'cut']);
    for (const recovery of result.recoveries) expect(recovery.recoverMs, JSON.stringify(recovery)).toBeLessThanOrEqual(EACH_RECOVERY_LIMIT_MS);
    expect(result.domBounded, JSON.stringify(result.domNodes)).toBe(true);
  }, SOAK_TEST_LIMIT_MS);
});
