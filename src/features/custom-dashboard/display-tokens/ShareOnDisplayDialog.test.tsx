import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { displayTokensBackend, makeDisplayToken } from '../../../../tests/msw/custom-dashboard-display';
import { server } from '../../../../tests/msw/server';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { MESSAGES } from '../../../shared/constants';
import { DISPLAY_TOKEN_MESSAGES } from '../../../shared/contracts/custom-dashboard';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { ShareOnDisplayButton } from './ShareOnDisplayButton';
import { SHARE_MESSAGES } from './ShareOnDisplayDialog';

const lobby = makeDisplayToken({ name: 'Lobby screen', dashboardId: 'r-lead', lastUsedAt: null });
const boardroom = makeDisplayToken({ name: 'Boardroom', dashboardId: 'r-lead', lastUsedAt: '2026-11-25T08:00:00.000Z' });
const elsewhere = makeDisplayToken({ name: 'Other dashboard screen', dashboardId: 'r-other' });

function renderShare(tokens = [lobby, boardroom, elsewhere]) {
  signInAs(['DASHBOARD_MANAGEMENT']);
  const accepted = new Set<string>();
  const backend = displayTokensBackend({ tokens, reportIds: ['r-lead', 'r-other'], acceptedTokens: accepted });
  server.use(...backend.handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ShareOnDisplayButton dashboardId="r-lead" />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { backend, accepted, user: userEvent.setup() };
}

async function openDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: SHARE_MESSAGES.title }));
  return screen.findByRole('dialog', { name: SHARE_MESSAGES.title });
}

const linkRows = async (dialog: HTMLElement) => {
  const table = await within(dialog).findByRole('grid', { name: 'Display links' });
  return within(table).getAllByRole('row').slice(1);
};

afterEach(() => {
  for (const shown of toastQueue.visibleToasts) toastQueue.close(shown.key);
});

describe('Share on a display', () => {
  it("lists this dashboard's links with their name, creation and last use, never their secrets", async () => {
    const { user } = renderShare();
    const dialog = await openDialog(user);
    await waitFor(async () => expect(await linkRows(dialog)).toHaveLength(2));
    const [first, second] = await linkRows(dialog);
    expect(first).toHaveTextContent('Lobby screen');
    expect(first).toHaveTextContent('Nov 20, 2026');
    expect(first).toHaveTextContent(SHARE_MESSAGES.never);
    expect(second).toHaveTextContent('Boardroom');
    expect(second).toHaveTextContent('Nov 25, 2026');
    expect(dialog).not.toHaveTextContent('Other dashboard screen');
    expect(dialog).not.toHaveTextContent(lobby.token);
  });

  it('refuses a blank name without asking the server', async () => {
    const { user, backend } = renderShare([]);
    const dialog = await openDialog(user);
    expect(await within(dialog).findByText(SHARE_MESSAGES.noLinks)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Display name/ }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(backend.state.created).toHaveLength(0);
  });

  it('makes a named link and shows it once, with a copy button, as a wall-display link to this dashboard', async () => {
    const { user, backend, accepted } = renderShare([]);
    let dialog = await openDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: /Display name/ }), ' Reception TV {Enter}');

    const created = await within(dialog).findByRole('region', { name: 'New display link Reception TV' });
    const [token] = backend.state.created;
    expect(token).toMatchObject({ dashboardId: 'r-lead', name: 'Reception TV' });
    expect(accepted.has(token?.token ?? '')).toBe(true);
    const link = `http://localhost/studio/dashboard/leadership?dashboardId=${token?.token ?? ''}&display=wall`;
    expect(within(created).getByLabelText('Display link Reception TV')).toHaveTextContent(link);
    expect(within(created).getByText(SHARE_MESSAGES.shownOnce)).toBeInTheDocument();
    expect(within(created).getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
    await waitFor(async () => expect((await linkRows(dialog)).map((row) => row.textContent)).toEqual([expect.stringContaining('Reception TV')]));

    // Closed and opened again: the list still names it, the link is gone for good.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openDialog(user);
    await waitFor(async () => expect(await linkRows(dialog)).toHaveLength(1));
    expect(dialog).not.toHaveTextContent(token?.token ?? 'missing');
    expect(within(dialog).queryByRole('region', { name: /New display link/ })).toBeNull();
  });

  it("revokes a link after 'Please confirm..', and Cancel keeps it", async () => {
    const { user, backend, accepted } = renderShare();
    const dialog = await openDialog(user);
    await user.click(await within(dialog).findByRole('button', { name: 'Revoke Lobby screen' }));
    let confirm = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    expect(confirm).toHaveTextContent(SHARE_MESSAGES.revokePrompt('Lobby screen'));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(backend.state.revoked).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Revoke Lobby screen' }));
    confirm = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));

    expect(await screen.findByText(DISPLAY_TOKEN_MESSAGES.revoked)).toBeInTheDocument();
    expect(backend.state.revoked).toEqual([lobby.tokenId]);
    expect(accepted.has(lobby.token)).toBe(false);
    await waitFor(async () => expect((await linkRows(dialog)).map((row) => row.textContent)).toEqual([expect.stringContaining('Boardroom')]));
  });
});
