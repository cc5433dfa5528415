import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authBackend, DEFAULT_PASSWORD } from '../../../../tests/msw/auth-backend';
import { makeExpiredAccessToken } from '../../../../tests/msw/factories';
import { switchableNetwork } from '../../../../tests/msw/network';
import { studioBackend } from '../../../../tests/msw/studio-handlers';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { currentPath, renderApp, signInAs } from '../../../../tests/support/render-app';
import { getSession, setSession } from '../../../lib/session';
import { SAVED_OFFLINE_MESSAGE } from '../../../offline/pending-texts';
import { offlineDb } from '../../../offline/db';
import { setWorkWaitingForSignIn } from '../../../offline/sign-in-needed';
import { SignInNeededBanner } from './SignInNeededBanner';

describe('SignInNeededBanner', () => {
  afterEach(() => setWorkWaitingForSignIn(null));

  it('says what waits and links to the sign-in page, which brings the user back to this page', () => {
    setWorkWaitingForSignIn({ changes: 3, transfers: 1 });
    render(<SignInNeededBanner pathname="/control-room" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended. 3 changes and 1 transfer wait for you to sign in again.');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?nextUrl=%2Fcontrol-room');
  });

  it('needs no link on the sign-in page itself, and shows nothing while nothing waits for a sign-in', () => {
    setWorkWaitingForSignIn({ changes: 1, transfers: 0 });
    const { rerender } = render(<SignInNeededBanner pathname="/login" />);
    expect(screen.getByRole('alert')).toHaveTextContent('Your session has ended. 1 change waits for you to sign in again.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    setWorkWaitingForSignIn(null);
    rerender(<SignInNeededBanner pathname="/login" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a refused token refresh with changes waiting', () => {
  beforeEach(async () => {
    studioBackend.reset();
    await clearAppOfflineDb();
  });

  it('pauses the queues, keeps the change, and asks on the sign-in page; signing in again sends it', async () => {
    const user = signInAs(['STUDIO']);
    const { router, user: events } = renderApp('/automation-studio');
    await events.click(await screen.findByRole('button', { name: 'New collection' }));
    await events.type(screen.getByRole('textbox', { name: 'Name' }), 'Field notes');
    const network = switchableNetwork();
    network.goOffline();
    await events.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED_OFFLINE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '1 change waiting' })).toBeInTheDocument();

    // Offline, the access token expires and the session is revoked on the server.
    const session = getSession();
    if (!session) throw new Error('no session');
    setSession({ ...session, token: makeExpiredAccessToken({ sub: user.id }) });
    authBackend.revoke(user.id);
    network.goOnline();

    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    // Toasts are alerts too: the banner is the alert with this text.
    expect((await screen.findByText('Your session has ended. 1 change waits for you to sign in again.')).closest('[role="alert"]')).toBeInTheDocument();
    expect(await offlineDb().outbox.toArray()).toMatchObject([{ userId: user.id, label: "Collection 'Field notes'" }]);
    expect(studioBackend.saved).toEqual([]);

    await events.type(await screen.findByLabelText(/E-mail/), user.userId);
    await events.type(screen.getByLabelText(/Password/), DEFAULT_PASSWORD);
    await events.click(screen.getByRole('button', { name: 'Log in' }));
    // The replay waits for the sign-in, the user's details and the queue's next turn: seconds on a loaded machine.
    await waitFor(() => expect(studioBackend.saved.map((saved) => saved.testSuiteName)).toEqual(['Field notes']));
    expect(screen.queryByText(/Your session has ended/)).not.toBeInTheDocument();
  });
});
