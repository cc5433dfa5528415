import { describe, expect, it, vi } from 'vitest';
import { makeAccessToken, makeStoredUser } from '../../tests/msw/factories';
import {
  clearSession,
  clearTemporaryItems,
  decodeTokenTimes,
  dropSessionTokens,
  getParamToken,
  getSession,
  getStoredUser,
  setParamToken,
  setSession,
  setStoredUser,
  STORAGE_KEYS,
  subscribeSession,
} from './session';

const session = { token: 'access', refreshToken: 'refresh', userId: 'user-1' };

describe('session store', () => {
  it('round-trips the session through localStorage under the spec keys', () => {
    setSession(session);

    expect(getSession()).toEqual(session);
    expect(localStorage.getItem('token')).toBe('access');
    expect(localStorage.getItem('refreshToken')).toBe('refresh');
    expect(localStorage.getItem('userId')).toBe('user-1');
  });

  it('has no session when any of its parts is missing', () => {
    setSession(session);
    localStorage.removeItem(STORAGE_KEYS.refreshToken);

    expect(getSession()).toBeNull();
  });

  it('clears local storage on logout but keeps the parameter token, the config and the unsaved-data preference', () => {
    setSession(session);
    localStorage.setItem(STORAGE_KEYS.unsavedWarningDisabled, 'true');
    setStoredUser(makeStoredUser());
    setParamToken('dashboard-42');
    localStorage.setItem('config', '{"HealthStatus":{"enabled":true}}');
    localStorage.setItem('importTestSuiteIds', '[1]');
    localStorage.setItem('downloadFileQueue', '[]');

    clearSession();

    expect(getSession()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(getParamToken()).toBe('dashboard-42');
    expect(localStorage.getItem('config')).toBe('{"HealthStatus":{"enabled":true}}');
    expect(localStorage.getItem('unsavedDataWarningDisabled')).toBe('true');
    expect(localStorage.length).toBe(3);
  });

  it('drops only the credentials and the cached user when the session ends without a logout', () => {
    setSession(session);
    setStoredUser(makeStoredUser());
    localStorage.setItem('uploadFileQueue', '["pending"]');
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);

    dropSessionTokens();
    unsubscribe();

    expect(getSession()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem('uploadFileQueue')).toBe('["pending"]');
    expect(listener).toHaveBeenCalledWith(null);
  });

  it("removes only the 'tmp:' items on start", () => {
    setSession(session);
    localStorage.setItem('tmp:upload-1', 'x');
    localStorage.setItem('tmp:other', 'y');
    localStorage.setItem('attmp:kept', 'z');

    clearTemporaryItems();

    expect(localStorage.getItem('tmp:upload-1')).toBeNull();
    expect(localStorage.getItem('tmp:other')).toBeNull();
    expect(localStorage.getItem('attmp:kept')).toBe('z');
    expect(getSession()).toEqual(session);
  });

  it('ignores a stored user that does not match the contract', () => {
    localStorage.setItem('user', '{"id":1}');
    expect(getStoredUser()).toBeNull();
    localStorage.setItem('user', 'not json');
    expect(getStoredUser()).toBeNull();
  });
});

describe('subscribeSession', () => {
  it('fires on changes in this tab until unsubscribed', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);

    setSession(session);
    clearSession();
    unsubscribe();
    setSession(session);

    expect(listener.mock.calls).toEqual([[session], [null]]);
  });

  it('fires on storage events of session keys from other tabs, and on clear()', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setSession(session);
    listener.mockClear();

    window.dispatchEvent(new StorageEvent('storage', { key: 'token', newValue: 'access' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'downloadFileQueue', newValue: '[]' }));
    localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    unsubscribe();

    expect(listener.mock.calls).toEqual([[session], [null]]);
  });
});

describe('decodeTokenTimes', () => {
  it('reads iat and exp in milliseconds without verifying', () => {
    const before = Date.now();
    const times = decodeTokenTimes(makeAccessToken({ expiresInSeconds: 600 }));

    expect(times).not.toBeNull();
    expect(times?.expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 599_000);
    expect(times?.expiresAt).toBeLessThanOrEqual(before + 601_000);
    expect((times?.expiresAt ?? 0) - (times?.issuedAt ?? 0)).toBe(600_000);
  });

  it('gives null for something that is not a JWT', () => {
    expect(decodeTokenTimes('opaque')).toBeNull();
  });
});
