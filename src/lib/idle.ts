/**
 * Runs `callback` once the main thread is idle (requestIdleCallback), and at the latest after `timeoutMs` of constant
 * work; where the browser has no idle callbacks (Safari, jsdom) it runs on the next task.
 */
export function whenIdle(callback: () => void, timeoutMs?: number): void {
  if (typeof window !== 'undefined' && typeof window.requestIdleCallback === 'function') {
    window.requestIdleCallback(callback, timeoutMs === undefined ? undefined : { timeout: timeoutMs });
  } else {
    setTimeout(callback, 1);
  }
}
