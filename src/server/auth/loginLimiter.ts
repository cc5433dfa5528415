export interface LoginLimits {
  perAccount: number;
  perAddress: number;
  windowSeconds: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 };

export interface LoginLimiter {
  /** Seconds until the next attempt is allowed, or 0 when the account and the address may try now. */
  retryAfterSeconds(account: string, address: string): number;
  recordFailure(account: string, address: string): void;
  recordSuccess(account: string): void;
}

/**
 * Failed sign-ins in a sliding window, kept in memory: one process serves the platform, and a restart
 * forgetting the counters costs an attacker a restart, not a bypass (documented in docs/decisions.md).
 */
export function createLoginLimiter(limits: LoginLimits, now: () => number = Date.now): LoginLimiter {
  const windowMs = limits.windowSeconds * 1000;
  const failuresByAccount = new Map<string, number[]>();
  const failuresByAddress = new Map<string, number[]>();

  function recentFailures(store: Map<string, number[]>, key: string): number[] {
    const cutoff = now() - windowMs;
    const recent = (store.get(key) ?? []).filter((time) => time > cutoff);
    if (recent.length === 0) store.delete(key);
    else store.set(key, recent);
    return recent;
  }

  function waitSeconds(store: Map<string, number[]>, key: string, limit: number): number {
    const recent = recentFailures(store, key);
    if (recent.length < limit) return 0;
    // The attempt frees up when enough old failures leave the window to drop below the limit.
    const freeing = recent[recent.length - limit] ?? now();
    return Math.max(1, Math.ceil((freeing + windowMs - now()) / 1000));
  }

  return {
    retryAfterSeconds: (account, address) =>
      Math.max(waitSeconds(failuresByAccount, account, limits.perAccount), waitSeconds(failuresByAddress, address, limits.perAddress)),
    recordFailure(account, address) {
      const time = now();
      failuresByAccount.set(account, [...recentFailures(failuresByAccount, account), time]);
      failuresByAddress.set(address, [...recentFailures(failuresByAddress, address), time]);
    },
    recordSuccess(account) {
      failuresByAccount.delete(account);
    },
  };
}
