import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { resourcesBackend, type ResourcesBackendOptions } from '../../../../tests/msw/resources-handlers';
import { server } from '../../../../tests/msw/server';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { ToastRegion, toastQueue } from '../../../ui/Toast';
import { ImageFilterManagement } from './ImageFilterManagement';

function renderFilters(options: ResourcesBackendOptions) {
  toastQueue.clear();
  signInAs(['ORGANIZATIONS_MANAGEMENT']);
  const backend = resourcesBackend(options);
  server.use(...backend.handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ImageFilterManagement />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { backend, user: userEvent.setup() };
}

const savedQueries = (backend: ReturnType<typeof resourcesBackend>) => backend.calls.filterSaves.map((params) => Object.fromEntries(params));

describe('ImageFilterManagement', () => {
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
    expect(savedQueries(backend)).toEqual([{ type: 'app', name: 'Calculator' }]);
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
