import { vi } from 'vitest';

/**
 * How long a test waits for a condition before it fails. A safety net for a machine many times slower than usual (the
 * suite must pass with every core busy), never a measure of how fast something should happen.
 */
export const SAFETY_NET_MS = 20_000;

/**
 * vi.waitFor with the safety net: its own default (1 s) is a timing assertion in disguise, and fails on a busy machine.
 * Works under fake timers too, as vi.waitFor does.
 */
export function waitUntil<T>(condition: () => T | Promise<T>, { interval = 50 }: { interval?: number } = {}): Promise<T> {
  return vi.waitFor(condition, { timeout: SAFETY_NET_MS, interval });
}
