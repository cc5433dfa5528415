import { describe, expect, it } from 'vitest';
import { startWakeDetector, watchResumeTriggers, type WakeClock } from './wake';

/** A clock the test moves by hand: `tick(ms)` advances time by `ms` and fires the interval once. */
function createManualClock(start = 0) {
  let time = start;
  let callback: (() => void) | null = null;
  const clock: WakeClock = {
    now: () => time,
    setInterval: (run) => {
      callback = run;
      return 1;
    },
    clearInterval: () => {
      callback = null;
    },
  };
  return {
    clock,
    tick(ms: number) {
      time += ms;
      callback?.();
    },
    get running() {
      return callback !== null;
    },
  };
}

describe('wake detector', () => {
  it('reports a wake only when a tick comes more than 1.1 periods after the previous one (spec §9)', () => {
    const manual = createManualClock();
    const wakes: number[] = [];
    const stop = startWakeDetector(() => wakes.push(manual.clock.now()), { clock: manual.clock });

    manual.tick(20_000);
    manual.tick(22_000);
    expect(wakes).toEqual([]);
    manual.tick(22_001);
    expect(wakes).toEqual([64_001]);
    manual.tick(20_000);
    expect(wakes).toHaveLength(1);

    stop();
    expect(manual.running).toBe(false);
  });
});

describe('resume triggers', () => {
  it('fires on online, on becoming visible (not hidden) and on wake, and stops listening when stopped', () => {
    const manual = createManualClock();
    const reasons: string[] = [];
    const target = { window: new EventTarget(), document: Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState }) };
    const stop = watchResumeTriggers((reason) => reasons.push(reason), { clock: manual.clock, target });

    target.window.dispatchEvent(new Event('online'));
    target.document.dispatchEvent(new Event('visibilitychange'));
    target.document.visibilityState = 'visible';
    target.document.dispatchEvent(new Event('visibilitychange'));
    manual.tick(60_000);
    expect(reasons).toEqual(['online', 'visible', 'wake']);

    stop();
    target.window.dispatchEvent(new Event('online'));
    expect(reasons).toHaveLength(3);
    expect(manual.running).toBe(false);
  });
});
