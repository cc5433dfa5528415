import { describe, expect, it } from 'vitest';
import { createLoginLimiter } from './loginLimiter';

function limiterAt(start: number) {
  const clock = { now: start };
  const limiter = createLoginLimiter({ perAccount: 3, perAddress: 5, windowSeconds: 60 }, () => clock.now);
  return { clock, limiter };
}

describe('login limiter', () => {
  it('blocks an account at the limit until its oldest counted failure leaves the window', () => {
    const { clock, limiter } = limiterAt(1_000_000);
    limiter.recordFailure('a', 'ip1');
    clock.now += 10_000;
    limiter.recordFailure('a', 'ip2');
    limiter.recordFailure('a', 'ip3');
    expect(limiter.retryAfterSeconds('a', 'ip4')).toBe(50);
    clock.now += 50_001;
    expect(limiter.retryAfterSeconds('a', 'ip4')).toBe(0);
  });

  it('blocks an address across accounts, and success resets only the account', () => {
    const { limiter } = limiterAt(0);
    for (const account of ['a', 'b', 'c', 'd', 'e']) limiter.recordFailure(account, 'ip');
    expect(limiter.retryAfterSeconds('f', 'ip')).toBe(60);
    expect(limiter.retryAfterSeconds('f', 'other-ip')).toBe(0);
    limiter.recordFailure('a', 'ip2');
    limiter.recordFailure('a', 'ip3');
    expect(limiter.retryAfterSeconds('a', 'ip9')).toBe(60);
    limiter.recordSuccess('a');
    expect(limiter.retryAfterSeconds('a', 'ip9')).toBe(0);
    expect(limiter.retryAfterSeconds('a', 'ip')).toBe(60);
  });
});
