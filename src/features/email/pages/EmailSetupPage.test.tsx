import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emailBackend, makeEmailConfig, makeImapAccount, type EmailBackendOptions } from '../../../../tests/msw/email';
import { server } from '../../../../tests/msw/server';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { EMAIL_MESSAGES } from '../../../shared/contracts/email';
import type { Permission } from '../../../shared/permissions';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { EmailSetupPage, type EmailSetupPageProps } from './EmailSetupPage';

function renderPage(options: EmailBackendOptions, features: Permission[] = ['EMAIL_SETUP', 'IMAP_EMAIL_ACCOUNT'], props: EmailSetupPageProps = {}) {
  toastQueue.clear();
  signInAs(features);
  const backend = emailBackend(options);
  server.use(...backend.handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <EmailSetupPage {...props} />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { backend, user: userEvent.setup() };
}

const configTable = () => screen.getByRole('grid', { name: 'Email Configurations' });
const form = () => screen.getByRole('form', { name: /email configuration|Edit/ });

describe('EmailSetupPage', () => {
  it('shows only the tabs the user is granted', async () => {
    renderPage({}, ['EMAIL_SETUP']);
    expect(await screen.findByRole('tab', { name: 'Email Configurations' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Email Account' })).toBeNull();
  });

  it('lists configurations with their total and never a password column', async () => {
    renderPage({ configs: [makeEmailConfig({ fromEmail: 'a@example.test' }), makeEmailConfig({ fromEmail: 'b@example.test', status: 'INACTIVE', enabled: false })] });
    await waitFor(() => expect(within(configTable()).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['a@example.test', 'b@example.test']));
    expect(screen.getByText('2 total')).toBeInTheDocument();
    expect(within(configTable()).queryByText(/password/i)).toBeNull();
  });

  it("tells 'Unable to load Email Configurations' when the list fails", async () => {
    renderPage({ listFails: true });
    expect(await screen.findByText(EMAIL_MESSAGES.loadFailed)).toBeInTheDocument();
  });

  it('adds a configuration in simple mode after showing the §5 errors of touched fields', async () => {
    const { backend, user } = renderPage({});
    await user.click(await screen.findByRole('button', { name: 'Add Configuration' }));
    await user.type(within(form()).getByRole('textbox', { name: 'From Email' }), 'not-an-email');
    await user.tab();
    expect(await within(form()).findByText(EMAIL_MESSAGES.invalidEmail)).toBeInTheDocument();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(backend.state.saved).toEqual([]);
    // A failed save puts the focus on the first input (§8).
    expect(within(form()).getByRole('textbox', { name: 'From Email' })).toHaveFocus();

    await user.clear(within(form()).getByRole('textbox', { name: 'From Email' }));
    await user.type(within(form()).getByRole('textbox', { name: 'From Email' }), 'robot@gmail.com');
    await user.type(within(form()).getByLabelText('Password'), 'app-password');
    await user.click(within(form()).getByRole('button', { name: /Provider/ }));
    await user.click(await screen.findByRole('option', { name: 'GMAIL' }));
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.state.saved).toEqual([{ fromEmail: 'robot@gmail.com', password: 'app-password', emailProvider: 'GMAIL' }]));
    expect(await screen.findByText(EMAIL_MESSAGES.saved)).toBeInTheDocument();
    await waitFor(() => expect(within(configTable()).getByRole('rowheader', { name: 'robot@gmail.com' })).toBeInTheDocument());
    expect(within(configTable()).getByText('smtp.gmail.com')).toBeInTheDocument();
  });

  it('edits in advanced mode with an empty password (kept by the server) and shows the server message of a refused login', async () => {
    const config = makeEmailConfig({ fromEmail: 'robot@example.test', emailHost: 'mail.example.test', emailPort: 25 });
    const refused = 'Could not connect to SMTP server mail.example.test:26: the server refused the user name or password';
    const { backend, user } = renderPage({ configs: [config], saveFailure: refused });
    await user.click(await screen.findByRole('button', { name: 'Edit robot@example.test' }));
    const port = within(form()).getByRole('textbox', { name: 'Port' });
    await user.clear(port);
    await user.type(port, '26');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(backend.state.saved).toEqual([
        { configEmailId: config.configEmailId, fromEmail: 'robot@example.test', password: '', emailType: 'SMTP', emailHost: 'mail.example.test', emailPort: 26, enableSsl: false, enableTls: true, emailProvider: null },
      ]),
    );
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(within(form()).getByRole('textbox', { name: 'From Email' })).toHaveFocus();
  });

  it("sends a test email, refusing an empty address with 'Email address cannot be empty'", async () => {
    const config = makeEmailConfig({ fromEmail: 'robot@example.test' });
    const { backend, user } = renderPage({ configs: [config] });
    await user.click(await screen.findByRole('button', { name: 'Send test email from robot@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Test Email' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await screen.findAllByText(EMAIL_MESSAGES.emptyAddress)).length).toBeGreaterThan(0);
    expect(backend.state.sent).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: 'To' }), 'team@example.test');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(backend.state.sent).toMatchObject([{ configEmailId: config.configEmailId, toEmail: 'team@example.test', emailSubject: 'Test email' }]));
    expect(await screen.findByText(EMAIL_MESSAGES.testSent('team@example.test'))).toBeInTheDocument();
  });

  it('removes (deactivates) and deletes after confirmation', async () => {
    const config = makeEmailConfig({ fromEmail: 'robot@example.test' });
    const { backend, user } = renderPage({ configs: [config] });
    await user.click(await screen.findByRole('button', { name: 'Remove robot@example.test' }));
    await waitFor(() => expect(backend.state.deactivated).toEqual([config.configEmailId]));
    expect(await within(configTable()).findByText('INACTIVE')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete robot@example.test' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(backend.state.deleted).toEqual([config.configEmailId]));
    expect(await screen.findByText('0 total')).toBeInTheDocument();
    expect(within(configTable()).queryByRole('rowheader', { name: 'robot@example.test' })).toBeNull();
  });

  it("lists Imap Configurations, offers 'Sign In Required' for AuthenticationFailedException and starts the provider sign-in", async () => {
    const navigate = vi.fn();
    const failed = makeImapAccount({ mailUserName: 'expired@example.test', mailServerResponseStatus: 'javax.mail.AuthenticationFailedException: token expired', mailServerHost: 'MICROSOFT' });
    const { backend, user } = renderPage({ accounts: [makeImapAccount(), failed] }, ['IMAP_EMAIL_ACCOUNT'], { navigate });
    const table = await screen.findByRole('grid', { name: 'Imap Configurations' });
    await waitFor(() => expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['inbox@example.test', 'expired@example.test']));
    expect(within(table).getByText('CONNECTED')).toBeInTheDocument();
    expect(within(table).getAllByText(/^Jan-02-2026 \d\d:\d\d$/)).toHaveLength(2);
    await user.click(within(table).getByRole('button', { name: EMAIL_MESSAGES.signInRequired }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith('https://accounts.example.test/authorize?provider=MICROSOFT'));
    await user.click(screen.getByRole('button', { name: 'Add Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add Google Account' }));
    await waitFor(() => expect(backend.state.signIns).toEqual(['MICROSOFT', 'Google']));
  });

  it('shows the clear message of a provider that is not configured instead of redirecting, and the callback outcome', async () => {
    const navigate = vi.fn();
    const notConfigured = EMAIL_MESSAGES.oauthNotConfigured('Google', 'MAIL_GOOGLE_CLIENT_ID and MAIL_GOOGLE_CLIENT_SECRET');
    const { user } = renderPage({ signInFailure: notConfigured }, ['IMAP_EMAIL_ACCOUNT'], { navigate, accountResult: { outcome: 'Added' } });
    expect(await screen.findByText(EMAIL_MESSAGES.accountAdded)).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Add Account' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add Google Account' }));
    expect(await screen.findByText(notConfigured)).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('shows the default failure instead of text a link to the page brought', async () => {
    const forged = 'Your account is locked: call +1 555 0100';
    renderPage({}, ['IMAP_EMAIL_ACCOUNT'], { accountResult: { outcome: 'failed', message: forged } });
    expect(await screen.findByText(EMAIL_MESSAGES.accountFailed)).toBeInTheDocument();
    expect(screen.queryByText(forged)).toBeNull();
  });

  it("shows a failed callback's own message with the provider's error code", async () => {
    const ownMessage = `${EMAIL_MESSAGES.accountFailed} (access_denied)`;
    renderPage({}, ['IMAP_EMAIL_ACCOUNT'], { accountResult: { outcome: 'failed', message: ownMessage } });
    expect(await screen.findByText(ownMessage)).toBeInTheDocument();
  });
});
