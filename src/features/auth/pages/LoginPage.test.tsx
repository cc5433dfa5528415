import { screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { getSession, setSession } from '../../../lib/session';
import { GOOGLE_SIGN_IN_NOT_CONFIGURED, MESSAGES } from '../../../shared/constants';
import { authBackend, DEFAULT_PASSWORD, VALID_GOOGLE_CODE } from '../../../../tests/msw/auth-backend';
import { anyOrigin, errorResponse } from '../../../../tests/msw/handlers';
import { server } from '../../../../tests/msw/server';
import { currentPath, renderApp } from '../../../../tests/support/render-app';

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('button', { name: 'Log in' });
  return app;
}

describe('login form validation', () => {
  it('shows no error before a field is touched and keeps Log in disabled while the form is invalid', async () => {
    await openLogin();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.queryByText('Password is required')).toBeNull();
  });

  it('shows the required messages once the fields are touched', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByLabelText(/E-mail/));
    await user.click(screen.getByLabelText(/Password/));
    await user.tab();
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
  });

  it('rejects a malformed e-mail and enables Log in for a valid form', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(/E-mail/), 'not-an-email');
    await user.tab();
    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/E-mail/));
    await user.type(screen.getByLabelText(/E-mail/), 'tester@example.com');
    await user.type(screen.getByLabelText(/Password/), 'x');
    expect(screen.queryByText('Invalid email format')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
  });
});

describe('signing in', () => {
  it('sends the user name lowercased and lands on the area of the permissions', async () => {
    const account = authBackend.addUser({ userId: 'tester@example.com', permissions: { features: ['CONTROL_ROOM'] } });
    let sentUserId: unknown;
    server.events.on('request:start', async ({ request }) => {
      if (request.url.endsWith('/api/tokens/')) sentUserId = ((await request.clone().json()) as { userId: unknown }).userId;
    });
    const { user, router } = await openLogin();
    await user.type(screen.getByLabelText(/E-mail/), 'Tester@Example.COM');
    await user.type(screen.getByLabelText(/Password/), DEFAULT_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentPath(router)).toBe('/control-room'));
    expect(sentUserId).toBe('tester@example.com');
    expect(getSession()?.userId).toBe(account.id);
    server.events.removeAllListeners();
  });

  it('goes to a safe nextUrl after sign-in', async () => {
    authBackend.addUser({ userId: 'tester@example.com', permissions: { features: ['CONTROL_ROOM', 'OPERATIONS_CENTER'] } });
    const { user, router } = await openLogin('/login?nextUrl=%2Foperations-center');
    await user.type(screen.getByLabelText(/E-mail/), 'tester@example.com');
    await user.type(screen.getByLabelText(/Password/), DEFAULT_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentPath(router)).toBe('/operations-center'));
  });

  it('shows the fallback in a red banner when the account is unknown', async () => {
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(/E-mail/), 'nobody@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.accountNotFound);
  });

  it("shows the server's message in the banner", async () => {
    server.use(http.post(anyOrigin('/api/tokens/'), () => errorResponse(429, 'Too many sign-in attempts. Try again in 30 seconds.')));
    const { user } = await openLogin();
    await user.type(screen.getByLabelText(/E-mail/), 'tester@example.com');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many sign-in attempts. Try again in 30 seconds.');
  });
});

describe('Google sign-in', () => {
  it('explains in the banner when the server has no Google client', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(GOOGLE_SIGN_IN_NOT_CONFIGURED);
  });

  it('sends the user to Google with the code flow when a client id exists', async () => {
    authBackend.state.googleClientId = 'client-123';
    const assigned: string[] = [];
    const originalLocation = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...originalLocation, origin: originalLocation.origin, assign: (url: string) => assigned.push(url) } });
    try {
      const { user } = await openLogin();
      await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
      await waitFor(() => expect(assigned).toHaveLength(1));
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: originalLocation });
    }
    const url = new URL(assigned[0] ?? '');
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: 'client-123',
      response_type: 'code',
      scope: 'profile email',
      state: 'from_login',
      redirect_uri: 'http://localhost/studio/login',
    });
  });

  it('finishes the sign-in from the callback code', async () => {
    authBackend.state.googleClientId = 'client-123';
    const account = authBackend.addUser({ permissions: { features: ['DASHBOARD_PUBLISHED'] } });
    authBackend.state.ssoUserId = account.id;
    const { router } = renderApp(`/login?code=${VALID_GOOGLE_CODE}&scope=email%20profile&state=from_login`);
    await waitFor(() => expect(currentPath(router)).toBe('/dashboards'));
    expect(authBackend.state.calls.sso).toBe(1);
  });

  it('shows the not-found text when the code is refused', async () => {
    authBackend.state.googleClientId = 'client-123';
    renderApp('/login?code=stale-code&state=from_login');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.accountNotFound);
  });
});

describe('login page guard', () => {
  it('sends a signed-in user home', async () => {
    const account = authBackend.addUser({ permissions: { features: ['OPERATIONS_CENTER'] } });
    setSession(authBackend.issueSession(account));
    const { router } = renderApp('/login');
    await waitFor(() => expect(currentPath(router)).toBe('/operations-center'));
  });
});
