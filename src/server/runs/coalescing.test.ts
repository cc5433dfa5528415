import { describe, expect, it } from 'vitest';
import { coalescing } from './coalescing';

/** A run of the work that ends when the test says so. */
function heldRuns() {
  const releases: (() => void)[] = [];
  let started = 0;
  const work = () =>
    new Promise<void>((resolve) => {
      started += 1;
      releases.push(resolve);
    });
  return { work, started: () => started, releaseNext: () => releases.shift()?.() };
}

describe('coalescing', () => {
  it('runs once more after a run that requests joined, and never two runs at once', async () => {
    const held = heldRuns();
    const serial = coalescing(held.work);
    const first = serial.request();
    const joined = [serial.request(), serial.request()];
    expect(held.started()).toBe(1);
    held.releaseNext();
    await expect.poll(held.started).toBe(2);
    held.releaseNext();
    await Promise.all([first, ...joined]);
    expect(held.started()).toBe(2);
  });

  it('starts a new run for a request after the last one ended, and idle() waits for the run in progress', async () => {
    const held = heldRuns();
    const serial = coalescing(held.work);
    void serial.request();
    let idle = false;
    const waited = serial.idle().then(() => (idle = true));
    await Promise.resolve();
    expect(idle).toBe(false);
    held.releaseNext();
    await waited;
    void serial.request();
    expect(held.started()).toBe(2);
    held.releaseNext();
    await serial.idle();
  });

  it('gives a failed run to its requests, and runs again on the next request', async () => {
    let calls = 0;
    const serial = coalescing(async () => {
      calls += 1;
      if (calls === 1) throw new Error('the database is away');
    });
    await expect(serial.request()).rejects.toThrow('the database is away');
    await expect(serial.request()).resolves.toBeUndefined();
    expect(calls).toBe(2);
  });
});
