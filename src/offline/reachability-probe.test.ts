import { describe, expect, it } from 'vitest';
import { createReachability } from '../lib/reachability';
import { PROBE_CAP_IDLE_MS, PROBE_CAP_WAITING_MS, PROBE_MIN_MS } from './constants';
import { probeDelay, startReachabilityProbe } from './reachability-probe';

/** Timers armed by the probe, fired by hand. */
function manualTimers() {
  const armed: { run: () => void; ms: number; cancelled: boolean }[] = [];
  return {
    armed,
    setTimer: (run: () => void, ms: number) => {
      const timer = { run, ms, cancelled: false };
      armed.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    /** Fires the newest live timer. */
    fire(): void {
      const timer = armed.filter((candidate) => !candidate.cancelled).at(-1);
      if (!timer) throw new Error('No timer armed');
      timer.cancelled = true;
      timer.run();
    },
    live: () => armed.filter((timer) => !timer.cancelled),
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('probeDelay', () => {
  it('grows with full jitter up to the cap, never below the minimum', () => {
    expect(probeDelay(1, PROBE_CAP_WAITING_MS, () => 0)).toBe(PROBE_MIN_MS);
    expect(probeDelay(1, PROBE_CAP_WAITING_MS, () => 0.999)).toBe(499);
    expect(probeDelay(3, PROBE_CAP_WAITING_MS, () => 0.999)).toBe(1998);
    for (const attempt of [5, 10, 50]) {
      expect(probeDelay(attempt, PROBE_CAP_WAITING_MS, () => 0.999)).toBeLessThan(PROBE_CAP_WAITING_MS);
      expect(probeDelay(attempt, PROBE_CAP_IDLE_MS, () => 0.999)).toBeGreaterThan(PROBE_CAP_WAITING_MS);
      expect(probeDelay(attempt, PROBE_CAP_IDLE_MS, () => 0.999)).toBeLessThan(PROBE_CAP_IDLE_MS);
    }
  });
});

describe('the reachability probe', () => {
  it('probes only while the server is unreachable, at most 5 s apart while work waits, and marks it reachable on an answer', async () => {
    const reachability = createReachability();
    const timers = manualTimers();
    const answers: boolean[] = [false, false, true];
    let probes = 0;
    const stop = startReachabilityProbe({
      reachability,
      setTimer: timers.setTimer,
      random: () => 0.999,
      workWaits: async () => true,
      probe: async () => {
        probes += 1;
        return answers.shift() ?? true;
      },
    });
    await flush();
    expect(timers.armed).toHaveLength(0);

    reachability.failed();
    await flush();
    expect(timers.live()).toHaveLength(1);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      timers.fire();
      await flush();
    }
    expect(probes).toBe(3);
    expect(reachability.isReachable()).toBe(true);
    expect(timers.live()).toHaveLength(0);
    expect(Math.max(...timers.armed.map((timer) => timer.ms))).toBeLessThan(PROBE_CAP_WAITING_MS);
    stop();
  });

  it('arms the next probe while one still waits for its answer, and stops when any request is answered', async () => {
    const reachability = createReachability();
    const timers = manualTimers();
    const hanging: Array<(answered: boolean) => void> = [];
    const stop = startReachabilityProbe({
      reachability,
      setTimer: timers.setTimer,
      workWaits: async () => false,
      probe: () => new Promise<boolean>((resolve) => hanging.push(resolve)),
    });
    reachability.failed();
    await flush();
    timers.fire();
    await flush();
    expect(hanging).toHaveLength(1);
    expect(timers.live()).toHaveLength(1);
    // Nothing waits to be sent: the backoff may grow to the idle cap.
    expect(timers.live()[0]?.ms).toBeLessThan(PROBE_CAP_IDLE_MS);

    reachability.answered(Date.now());
    expect(timers.live()).toHaveLength(0);
    hanging[0]?.(false);
    await flush();
    expect(timers.live()).toHaveLength(0);
    stop();
  });

  it('probes at least once per poll period while a polled view is on screen, however long the outage', async () => {
    const reachability = createReachability();
    const timers = manualTimers();
    let period: number | null = 10_000;
    const stop = startReachabilityProbe({ reachability, setTimer: timers.setTimer, random: () => 0.999, maxGapMs: () => period, probe: async () => false });
    reachability.failed();
    await flush();
    for (let attempt = 0; attempt < 60; attempt += 1) {
      timers.fire();
      await flush();
    }
    expect(Math.max(...timers.armed.map((timer) => timer.ms))).toBe(9_990);
    // The soak's accelerated polls: a period under the probe's usual minimum is kept too.
    period = 200;
    timers.fire();
    await flush();
    expect(timers.live()[0]?.ms).toBe(200);
    // No polled view on screen any more: back to the idle cap.
    period = null;
    timers.fire();
    await flush();
    expect(timers.live()[0]?.ms).toBeGreaterThan(10_000);
    stop();
  });

  it('runs one probe per reachability: a second caller adds its needs, and the probing ends with the last caller', async () => {
    const reachability = createReachability();
    const timers = manualTimers();
    let probes = 0;
    const stopQueues = startReachabilityProbe({ reachability, setTimer: timers.setTimer, random: () => 0.999, probe: async () => (probes += 1) < 0 });
    const stopPolls = startReachabilityProbe({ reachability, maxGapMs: () => 3_000 });
    reachability.failed();
    await flush();
    expect(timers.live()).toHaveLength(1);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      timers.fire();
      await flush();
    }
    expect(probes).toBe(20);
    expect(Math.max(...timers.armed.map((timer) => timer.ms))).toBe(2_997);

    stopQueues();
    timers.fire();
    await flush();
    expect(probes).toBe(21);
    stopPolls();
    expect(timers.live()).toHaveLength(0);
    reachability.answered(Date.now());
    reachability.failed();
    await flush();
    expect(timers.live()).toHaveLength(0);
  });
});
