import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { authBackend, DEFAULT_PASSWORD } from '../../../../tests/msw/auth-backend';
import { anyOrigin, errorResponse } from '../../../../tests/msw/handlers';
import { server } from '../../../../tests/msw/server';
import { usersBackend } from '../../../../tests/msw/users';
import { currentPath, renderApp, signInAs } from '../../../../tests/support/render-app';
import { PASSWORD_MESSAGES } from '../../../shared/contracts/users';
import { endpoints, REFRESH_TOKEN_HEADER, TOKEN_HEADER } from '../../../shared/endpoints';
import { PASSWORDS_DIFFER } from './ChangePasswordPage';

const NEW_PASSWORD = 'my-own-long-password';

describe('first sign-in', () => {
  beforeEach(() => usersBackend.reset());

  it('goes to /userLanding instead of the landing page when the login answer says mustChangePassword', async () => {
    const account = authBackend.addUser({ userId: 'new@example.com', permissions: { features: ['CONTROL_ROOM'] } });
    server.use(
      http.post(anyOrigin(endpoints.auth.tokens), () => {
        const pair = authBackend.issuePair(account.id);
        return HttpResponse.json(
          { success: true, data: { id: account.id, userId: account.userId, email: account.userId, mustChangePassword: true } },
          { headers: { [TOKEN_HEADER]: pair.token, [REFRESH_TOKEN_HEADER]: pair.refreshToken } },
        );
      }),
    );
    const { user, router } = renderApp('/login');
    await user.type(await screen.findByLabelText(/E-mail/), 'new@example.com');
    await user.type(screen.getByLabelText(/Password/), DEFAULT_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(currentPath(router)).toBe('/userLanding'));
    expect(await screen.findByRole('form', { name: 'Change password' })).toBeInTheDocument();
  });

  it('sends the user to /userLanding when a call answers 403 with the change-required message, without a refresh', async () => {
    signInAs(['ORGANIZATIONS_MANAGEMENT']);
    const refreshesBefore = authBackend.state.calls.refresh;
    server.use(http.get(anyOrigin(endpoints.users.list), () => errorResponse(403, PASSWORD_MESSAGES.changeRequired)));
    const { router } = renderApp('/user-creation');
    await waitFor(() => expect(currentPath(router)).toBe('/userLanding'));
    expect(authBackend.state.calls.refresh).toBe(refreshesBefore);
  });
});

describe('ChangePasswordPage', () => {
  beforeEach(() => usersBackend.reset());

  async function openPage() {
    signInAs(['CONTROL_ROOM']);
    const app = renderApp('/userLanding');
    await screen.findByRole('form', { name: 'Change password' });
    return app;
  }

  it('checks the length and the repeat before enabling the change', async () => {
    const { user } = await openPage();
    const submit = screen.getByRole('button', { name: 'Change password' });
    await user.type(screen.getByLabelText(/^Current password/), DEFAULT_PASSWORD);
    await user.type(screen.getByLabelText(/^New password/), 'short');
    expect(screen.getByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Repeat new password/), `${NEW_PASSWORD}x`);
    expect(screen.getByText(PASSWORDS_DIFFER)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^Repeat new password/), '{Backspace}');
    expect(submit).toBeEnabled();
  });

  it("shows the server's breached-password refusal on the new password", async () => {
    usersBackend.failure = { status: 400, message: 'Invalid request', fieldErrors: { newPassword: [PASSWORD_MESSAGES.breached] } };
    const { user } = await openPage();
    await user.type(screen.getByLabelText(/^Current password/), DEFAULT_PASSWORD);
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Repeat new password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.breached)).toBeInTheDocument();
  });

  it('posts the change, says Password changed and goes home', async () => {
    const { user, router } = await openPage();
    await user.type(screen.getByLabelText(/^Current password/), DEFAULT_PASSWORD);
    await user.type(screen.getByLabelText(/^New password/), NEW_PASSWORD);
    await user.type(screen.getByLabelText(/^Repeat new password/), NEW_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText(PASSWORD_MESSAGES.changed)).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/control-room'));
    expect(usersBackend.passwordChanges).toEqual([{ currentPassword: DEFAULT_PASSWORD, newPassword: NEW_PASSWORD }]);
  });
});
