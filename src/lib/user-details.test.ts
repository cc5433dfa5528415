import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authBackend } from '../../tests/msw/auth-backend';
import { USER_DETAILS_THROTTLE_MS } from '../shared/constants';
import { clearSession, getStoredUser, setSession } from './session';
import { loadUserDetails, userDetailsQueryOptions } from './user-details';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
});

afterEach(() => {
  vi.useRealTimers();
});

function signIn() {
  const user = authBackend.addUser();
  setSession(authBackend.issueSession(user));
  return user;
}

describe('loadUserDetails', () => {
  it('asks the server at most once per 15 s however often it is called', async () => {
    const user = signIn();

    for (let call = 0; call < 10; call += 1) {
      await expect(loadUserDetails()).resolves.toMatchObject({ id: user.id });
      vi.advanceTimersByTime(1_000);
    }
    expect(authBackend.state.calls.users).toBe(1);

    vi.advanceTimersByTime(USER_DETAILS_THROTTLE_MS);
    await loadUserDetails();
    expect(authBackend.state.calls.users).toBe(2);
  });

  it('shares one request between concurrent callers', async () => {
    signIn();

    await Promise.all(Array.from({ length: 10 }, () => loadUserDetails()));

    expect(authBackend.state.calls.users).toBe(1);
  });

  it("caches the user in localStorage 'user'", async () => {
    const user = signIn();

    await loadUserDetails();

    expect(getStoredUser()).toEqual(user);
  });

  it('resets the user details when the token disappears', async () => {
    signIn();
    await loadUserDetails();

    clearSession();

    expect(getStoredUser()).toBeNull();
    await expect(loadUserDetails()).resolves.toBeNull();
  });

  it('fetches again for a different user', async () => {
    signIn();
    await loadUserDetails();
    const other = signIn();

    await expect(loadUserDetails()).resolves.toMatchObject({ id: other.id });
    expect(authBackend.state.calls.users).toBe(2);
  });
});

describe('userDetailsQueryOptions', () => {
  it('keys the query by user and keeps it fresh for the throttle period', () => {
    const user = signIn();
    const options = userDetailsQueryOptions();

    expect(options.queryKey).toEqual(['userDetails', user.id]);
    expect(options.staleTime).toBe(USER_DETAILS_THROTTLE_MS);
  });
});
