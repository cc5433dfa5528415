import { WAKE_CHECK_PERIOD_MS, WAKE_GAP_FACTOR } from './constants';

export interface WakeClock {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realClock: WakeClock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface WakeDetectorOptions {
  periodMs?: number;
  gapFactor?: number;
  clock?: WakeClock;
}

/**
 * Calls `onWake` when the device seems to have slept (spec §9): a timer ticks every period, and a tick that arrives
 * more than `gapFactor` periods after the previous one means timers were frozen in between. Returns the stop function.
 */
export function startWakeDetector(onWake: () => void, options: WakeDetectorOptions = {}): () => void {
  const { periodMs = WAKE_CHECK_PERIOD_MS, gapFactor = WAKE_GAP_FACTOR, clock = realClock } = options;
  let last = clock.now();
  const handle = clock.setInterval(() => {
    const now = clock.now();
    const slept = now - last > periodMs * gapFactor;
    last = now;
    if (slept) onWake();
  }, periodMs);
  return () => clock.clearInterval(handle);
}

export interface ResumeTriggerTarget {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
}

/**
 * The moments a stalled queue should try again: the browser comes back online, the page becomes visible, or the
 * device wakes from sleep. Returns the stop function.
 */
export function watchResumeTriggers(
  onTrigger: (reason: 'online' | 'visible' | 'wake') => void,
  options: WakeDetectorOptions & { target?: ResumeTriggerTarget } = {},
): () => void {
  const { target = { window, document }, ...wakeOptions } = options;
  const onOnline = () => onTrigger('online');
  const onVisibility = () => {
    if (target.document.visibilityState === 'visible') onTrigger('visible');
  };
  target.window.addEventListener('online', onOnline);
  target.document.addEventListener('visibilitychange', onVisibility);
  const stopWake = startWakeDetector(() => onTrigger('wake'), wakeOptions);
  return () => {
    target.window.removeEventListener('online', onOnline);
    target.document.removeEventListener('visibilitychange', onVisibility);
    stopWake();
  };
}
