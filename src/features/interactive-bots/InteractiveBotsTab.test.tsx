import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { anyOrigin, errorResponse } from '../../../tests/msw/handlers';
import { interactiveBotsBackend, makeInteractiveBot } from '../../../tests/msw/interactive-bots';
import { server } from '../../../tests/msw/server';
import { makeCollection, studioBackend } from '../../../tests/msw/studio-handlers';
import { signInAs } from '../../../tests/support/render-app';
import { endpoints } from '../../shared/endpoints';
import { createQueryClient } from '../../lib/query-client';
import { ToastRegion } from '../../ui/Toast';
import { toastQueue } from '../../ui/toast-queue';
import { INTERACTIVE_BOTS_LOAD_FAILED } from './interactive-bot-messages';
import { InteractiveBotsTab } from './InteractiveBotsTab';

const CHANGED = 'data-table__row--changed';
const rowOf = (cell: HTMLElement) => cell.closest('[role="row"]');

function renderTab() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <InteractiveBotsTab />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('InteractiveBotsTab', () => {
  beforeEach(() => {
    toastQueue.clear();
    signInAs(['CONTROL_ROOM']);
    studioBackend.reset();
    interactiveBotsBackend.reset();
    studioBackend.add(makeCollection({ id: 'collection-1', testSuiteName: 'Smoke' }));
    studioBackend.add(makeCollection({ id: 'collection-2', testSuiteName: 'Nightly' }));
  });

  it('lists the bots that are not deleted with Name, Intent, Collection and Actions', async () => {
    interactiveBotsBackend.bots = [
      makeInteractiveBot({ interactive_trigger_name: 'Smoke bot', trigger_intent: 'smoke' }),
      makeInteractiveBot({ interactive_trigger_name: 'Gone', status: 'DISABLED' }),
      makeInteractiveBot({ interactive_trigger_name: 'Quiet', status: 'INACTIVE', teststatus_id: 'collection-2' }),
    ];
    renderTab();
    const table = await screen.findByRole('grid', { name: 'Interactive Bots' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Intent', 'Collection', 'Actions']);
    expect(await within(table).findByRole('rowheader', { name: 'Smoke bot' })).toBeInTheDocument();
    expect(within(table).queryByRole('rowheader', { name: 'Gone' })).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enable Smoke bot' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Enable Quiet' })).not.toBeChecked();
    expect(await screen.findByText('2 total')).toBeInTheDocument();
  });

  it('creates a bot, then shows its secret once with a curl example', async () => {
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'New interactive bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'New interactive bot' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(3);
    expect(interactiveBotsBackend.created).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Smoke bot');
    await user.type(within(dialog).getByRole('textbox', { name: 'Intent' }), 'smoke');
    await user.click(within(dialog).getByRole('button', { name: /Collection/ }));
    await user.click(await screen.findByRole('option', { name: 'Nightly' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Interactive Bot Saved')).toBeInTheDocument();
    expect(interactiveBotsBackend.created).toEqual([
      { interactive_trigger_name: 'Smoke bot', trigger_intent: 'smoke', teststatus_id: 'collection-2', status: 'ACTIVE' },
    ]);
    const secretDialog = await screen.findByRole('dialog', { name: 'Trigger secret of Smoke bot' });
    const secret = interactiveBotsBackend.bots[0] ? `secret-of-${interactiveBotsBackend.bots[0].trigger_id}-0` : '';
    expect(within(secretDialog).getByLabelText('Trigger secret')).toHaveTextContent(secret);
    expect(within(secretDialog).getByLabelText('curl example')).toHaveTextContent(`Authorization: Bearer ${secret}`);
    expect(within(secretDialog).getByLabelText('curl example')).toHaveTextContent('/api/controlroom/interactive/trigger');
    await user.click(within(secretDialog).getByRole('button', { name: 'Copy secret' }));
    expect(await navigator.clipboard.readText()).toBe(secret);
    await user.click(within(secretDialog).getByRole('button', { name: 'Done' }));
    expect(rowOf(await screen.findByRole('rowheader', { name: 'Smoke bot' }))).toHaveClass(CHANGED);
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
  });

  it("shows the server's duplicate-intent error as Already Exists", async () => {
    interactiveBotsBackend.bots = [makeInteractiveBot({ trigger_intent: 'smoke' })];
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'New interactive bot' }));
    const dialog = await screen.findByRole('dialog', { name: 'New interactive bot' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Second');
    await user.type(within(dialog).getByRole('textbox', { name: 'Intent' }), 'SMOKE');
    await user.click(within(dialog).getByRole('button', { name: /Collection/ }));
    await user.click(await screen.findByRole('option', { name: 'Smoke' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText("An interactive bot with the intent 'SMOKE' already exists.")).toBeInTheDocument();
    expect(within(dialog).getByText('Already Exists')).toBeInTheDocument();
  });

  it('renames inline, toggles enabled and deletes after confirmation', async () => {
    const bot = makeInteractiveBot({ interactive_trigger_name: 'Smoke bot', trigger_intent: 'smoke' });
    interactiveBotsBackend.bots = [bot];
    const user = renderTab();
    await user.dblClick(await screen.findByRole('rowheader', { name: 'Smoke bot' }));
    const editor = screen.getByRole('textbox', { name: 'Edit Name' });
    await user.clear(editor);
    await user.type(editor, 'Renamed{Enter}');
    expect(await screen.findByRole('rowheader', { name: 'Renamed' })).toBeInTheDocument();
    expect(interactiveBotsBackend.updated.at(-1)).toMatchObject({ trigger_id: bot.trigger_id, interactive_trigger_name: 'Renamed', status: 'ACTIVE' });

    await user.click(screen.getByRole('switch', { name: 'Enable Renamed' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Enable Renamed' })).not.toBeChecked());
    expect(interactiveBotsBackend.updated.at(-1)).toMatchObject({ status: 'INACTIVE' });

    await user.click(screen.getByRole('button', { name: 'Delete Renamed' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Please confirm..' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Interactive Bot Deleted')).toBeInTheDocument();
    expect(interactiveBotsBackend.updated.at(-1)).toMatchObject({ trigger_id: bot.trigger_id, status: 'DISABLED' });
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'Renamed' })).not.toBeInTheDocument());
    expect(screen.getByText('No data to display')).toBeInTheDocument();
  });

  it('highlights a bot whose switch or collection was changed, not the others', async () => {
    interactiveBotsBackend.bots = [
      makeInteractiveBot({ interactive_trigger_name: 'Smoke bot', teststatus_id: 'collection-1' }),
      makeInteractiveBot({ interactive_trigger_name: 'Other bot', teststatus_id: 'collection-1' }),
    ];
    const user = renderTab();
    await user.click(await screen.findByRole('switch', { name: 'Enable Smoke bot' }));
    expect(await screen.findByText('Interactive Bot Saved')).toBeInTheDocument();
    expect(rowOf(screen.getByRole('rowheader', { name: 'Smoke bot' }))).toHaveClass(CHANGED);
    expect(rowOf(screen.getByRole('rowheader', { name: 'Other bot' }))).not.toHaveClass(CHANGED);

    await user.click(screen.getByRole('button', { name: /Collection of Other bot/ }));
    await user.click(await screen.findByRole('option', { name: 'Nightly' }));
    await waitFor(() => expect(rowOf(screen.getByRole('rowheader', { name: 'Other bot' }))).toHaveClass(CHANGED));
    expect(interactiveBotsBackend.updated.at(-1)).toMatchObject({ interactive_trigger_name: 'Other bot', teststatus_id: 'collection-2' });
  });

  it('resets the row and shows the server message when a save fails', async () => {
    interactiveBotsBackend.bots = [makeInteractiveBot({ interactive_trigger_name: 'Smoke bot' })];
    interactiveBotsBackend.failure = { status: 400, message: 'The database refused the bot.' };
    const user = renderTab();
    await user.click(await screen.findByRole('switch', { name: 'Enable Smoke bot' }));
    expect(await screen.findByText('The database refused the bot.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Enable Smoke bot' })).toBeChecked();
  });

  it('regenerates a secret after confirmation and shows the new one', async () => {
    const bot = makeInteractiveBot({ interactive_trigger_name: 'Smoke bot' });
    interactiveBotsBackend.bots = [bot];
    const user = renderTab();
    await user.click(await screen.findByRole('button', { name: 'New secret for Smoke bot' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Please confirm..' })).getByRole('button', { name: 'Yes' }));
    const secretDialog = await screen.findByRole('dialog', { name: 'Trigger secret of Smoke bot' });
    expect(within(secretDialog).getByLabelText('Trigger secret')).toHaveTextContent(`secret-of-${bot.trigger_id}-1`);
    expect(interactiveBotsBackend.regenerated).toEqual([bot.trigger_id]);
  });

  it('says when the bots cannot be loaded', async () => {
    server.use(http.get(anyOrigin(endpoints.interactiveBots.config), () => errorResponse(400, 'down')));
    renderTab();
    expect(await screen.findByText(INTERACTIVE_BOTS_LOAD_FAILED)).toBeInTheDocument();
    expect(screen.getByText('No data to display')).toBeInTheDocument();
  });
});
