import { afterEach, describe, expect, it, vi } from 'vitest';
import { withDeadline } from './deadline';

describe('withDeadline', () => {
  afterEach(() => vi.useRealTimers());

  it('gives what the work gives in time, and leaves no timer behind', async () => {
    vi.useFakeTimers();
    const late = vi.fn(() => new Error('late'));
    await expect(withDeadline(Promise.resolve('done'), 1_000, late)).resolves.toBe('done');
    expect(vi.getTimerCount()).toBe(0);
    expect(late).not.toHaveBeenCalled();
  });

  it('runs late() once the time is up and throws its error', async () => {
    vi.useFakeTimers();
    const late = vi.fn(() => new Error('the step is stuck'));
    const stuck = withDeadline(new Promise<never>(() => undefined), 1_000, late);
    const outcome = expect(stuck).rejects.toThrow('the step is stuck');
    await vi.advanceTimersByTimeAsync(999);
    expect(late).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(late).toHaveBeenCalledTimes(1);
  });
});
