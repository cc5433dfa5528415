import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSession, getParamToken, setParamToken } from '../../../lib/session';
import { LOGOUT_REDIRECT_DELAY_MS, MESSAGES } from '../../../shared/constants';
import { authBackend } from '../../../../tests/msw/auth-backend';
import { currentPath, renderApp, signInAs } from '../../../../tests/support/render-app';

afterEach(() => {
  vi.useRealTimers();
});

describe('logout route', () => {
  it("shows 'Logged Out Successfully', logs out, and goes to the login page after 3 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAs(['STUDIO']);
    setParamToken('dash-1');
    const { router } = renderApp('/logout');

    expect(await screen.findByText(MESSAGES.loggedOut)).toBeInTheDocument();
    await waitFor(() => expect(authBackend.state.calls.logout).toBe(1));
    expect(getSession()).toBeNull();
    expect(getParamToken()).toBe('dash-1');
    expect(currentPath(router)).toBe('/logout');

    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOGOUT_REDIRECT_DELAY_MS);
    });
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    // The toast outlives the page change, so the user still reads it on the login page.
    expect(screen.getByText(MESSAGES.loggedOut)).toBeInTheDocument();
  });

  it('stays on the logout page until the delay has passed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    signInAs(['STUDIO']);
    const { router } = renderApp('/logout');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LOGOUT_REDIRECT_DELAY_MS - 200);
    });
    expect(currentPath(router)).toBe('/logout');
    expect(screen.getByText(MESSAGES.loggedOut)).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(400);
    });
    expect(currentPath(router)).toBe('/login');
  });
});
