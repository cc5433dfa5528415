import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { switchableNetwork } from '../../../../tests/msw/network';
import { resourcesBackend, type ResourcesBackendOptions } from '../../../../tests/msw/resources-handlers';
import { server } from '../../../../tests/msw/server';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { PendingChangesIndicator } from '../../../offline/components/PendingChanges';
import { SAVED_OFFLINE_MESSAGE, SAVED_OFFLINE_TEXT } from '../../../offline/pending-texts';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { ImageFilterManagement } from './ImageFilterManagement';

function renderFilters(options: ResourcesBackendOptions) {
  toastQueue.clear();
  signInAs(['ORGANIZATIONS_MANAGEMENT']);
  const backend = resourcesBackend(options);
  server.use(...backend.handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PendingChangesIndicator />
      <ImageFilterManagement />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { backend, user: userEvent.setup() };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const savedQueries = (backend: ReturnType<typeof resourcesBackend>) => backend.calls.filterSaves.map((params) => Object.fromEntries(params));

describe('ImageFilterManagement', () => {
  beforeEach(() => clearAppOfflineDb());

  it('creates and renames a filter offline: shown and marked at once, then one filter on the server after reconnecting', async () => {
    const { backend, user } = renderFilters({ filters: [{ id: 'f1', type: 'app', name: 'Shop' }] });
    await user.click(await screen.findByRole('radio', { name: 'Apps' }));
    await screen.findByRole('rowheader', { name: 'Shop' });
    const network = switchableNetwork();
    network.goOffline();

    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Calculator');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(SAVED_OFFLINE_MESSAGE)).toBeInTheDocument();
    for (const [from, to] of [
      ['Calculator', 'Calculator Pro'],
      ['Shop', 'Shop 2'],
    ] as const) {
      // Each save closes its editor once it is kept: only then does the next cell open.
      await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument());
      await user.dblClick(await screen.findByRole('rowheader', { name: from }));
      await user.clear(await screen.findByRole('textbox'));
      await user.type(screen.getByRole('textbox'), `${to}{Enter}`);
    }

    expect(await screen.findByRole('status', { name: '3 changes waiting' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox')).not.toBeInTheDocument());
    const row = (name: string) => screen.getByRole('rowheader', { name }).closest('[role="row"]') as HTMLElement;
    expect(row('Calculator Pro')).toHaveTextContent(SAVED_OFFLINE_TEXT);
    expect(row('Shop 2')).toHaveTextContent(SAVED_OFFLINE_TEXT);
    expect(backend.calls.filterSaves).toEqual([]);

    network.goOnline();
    await waitFor(() => expect(screen.queryByRole('status', { name: /waiting/ })).not.toBeInTheDocument());
    // Records replay side by side, each in its own order.
    const saves = savedQueries(backend);
    const [created, renamed] = saves.filter((query) => query.id !== 'f1');
    expect(created).toEqual({ type: 'app', name: 'Calculator', id: expect.stringMatching(UUID) });
    expect(renamed).toEqual({ ...created, name: 'Calculator Pro' });
    expect(saves.filter((query) => query.id === 'f1')).toEqual([{ type: 'app', name: 'Shop 2', id: 'f1' }]);
    expect(backend.state.filters).toEqual([
      { id: 'f1', type: 'app', name: 'Shop 2' },
      { id: created?.id, type: 'app', name: 'Calculator Pro' },
    ]);
    // The header's count and the table's marks read the outbox each on its own: the marks follow within a moment.
    await waitFor(() => expect(screen.queryByText(SAVED_OFFLINE_TEXT)).not.toBeInTheDocument());
  });

  it('shows the filters of the chosen kind from the JSON string answer', async () => {
    const { user } = renderFilters({
      filters: [
        { id: 'f1', type: 'platform', name: 'Android' },
        { id: 'f2', type: 'resolution', name: '1080p' },
      ],
    });
    expect(await screen.findByRole('rowheader', { name: 'Android' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: '1080p' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Resolutions' }));
    expect(await screen.findByRole('rowheader', { name: '1080p' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Android' })).not.toBeInTheDocument();
  });

  it('creates a filter of the chosen kind from the Add row', async () => {
    const { backend, user } = renderFilters({});
    await user.click(await screen.findByRole('radio', { name: 'Apps' }));
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(backend.calls.filterSaves).toEqual([]);
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Calculator');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Image Filter Saved')).toBeInTheDocument();
    // A new filter carries the id this client made for it (see client-ids).
    expect(savedQueries(backend)).toEqual([{ type: 'app', name: 'Calculator', id: expect.stringMatching(UUID) }]);
    expect(await screen.findByRole('rowheader', { name: 'Calculator' })).toBeInTheDocument();
  });

  it('renames a filter only when the name changed and is not empty', async () => {
    const { backend, user } = renderFilters({ filters: [{ id: 'f1', type: 'platform', name: 'Android' }] });
    await user.dblClick(await screen.findByRole('rowheader', { name: 'Android' }));
    await user.keyboard('{Enter}');
    expect(backend.calls.filterSaves).toEqual([]);

    await user.dblClick(await screen.findByRole('rowheader', { name: 'Android' }));
    await user.clear(await screen.findByRole('textbox'));
    await user.keyboard('{Enter}');
    expect(backend.calls.filterSaves).toEqual([]);
    await user.type(screen.getByRole('textbox'), 'iOS{Enter}');
    expect(await screen.findByText('Image Filter Saved')).toBeInTheDocument();
    expect(savedQueries(backend)).toEqual([{ type: 'platform', name: 'iOS', id: 'f1' }]);
    await waitFor(() => expect(screen.getByRole('rowheader', { name: 'iOS' })).toBeInTheDocument());
  });

  it("says 'Unable to Image Filters' when the filters cannot be loaded", async () => {
    renderFilters({ filtersFailure: 404 });
    expect(await screen.findByText('Unable to Image Filters')).toBeInTheDocument();
  });
});
