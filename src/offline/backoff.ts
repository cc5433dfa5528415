import { RETRY_BASE_MS, RETRY_CAP_MS } from './constants';

export interface BackoffOptions {
  baseMs?: number;
  capMs?: number;
  random?: () => number;
}

/**
 * "Full jitter" backoff: after `failures` consecutive failures wait a random time in [0, min(cap, base × 2^(failures-1))],
 * so many clients coming back at once spread out instead of retrying in step.
 */
export function fullJitterDelay(failures: number, { baseMs = RETRY_BASE_MS, capMs = RETRY_CAP_MS, random = Math.random }: BackoffOptions = {}): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, failures - 1));
  return Math.floor(random() * ceiling);
}
