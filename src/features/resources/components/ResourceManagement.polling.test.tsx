import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDevice, resourcesBackend } from '../../../../tests/msw/resources-handlers';
import { server } from '../../../../tests/msw/server';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { pollLink, usePollingClock } from '../../../../tests/support/poll-link';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { MESSAGES, POLL } from '../../../shared/constants';
import { endpoints } from '../../../shared/endpoints';
import { ResourceManagement } from './ResourceManagement';

function renderResources(link: ReturnType<typeof pollLink>) {
  signInAs(['ORGANIZATIONS_MANAGEMENT']);
  const backend = resourcesBackend({ devices: [makeDevice({ cmdDeviceType: 'MOBILE', deviceDisplayName: 'Pixel' })] });
  server.use(link.handler, ...backend.handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ResourceManagement browserEnabled={false} />
    </QueryClientProvider>,
  );
  return backend;
}

const updatedAgo = () => screen.getByText(/^updated \d+ s ago$/);

describe('ResourceManagement while the server is unreachable', () => {
  beforeEach(() => clearAppOfflineDb());
  usePollingClock(0.5);

  it('keeps the last list without an error, marked amber from 15 s and red from 50 s, and fresh again once the server answers', async () => {
    const link = pollLink(endpoints.devices.list);
    renderResources(link);
    expect(await screen.findByRole('rowheader', { name: 'Pixel' })).toBeInTheDocument();
    expect(updatedAgo()).toHaveTextContent('updated 0 s ago');
    expect(updatedAgo()).toHaveAttribute('data-freshness', 'fresh');

    // One second past each threshold: the mark counts on a 1 s tick.
    link.state = 'server-error';
    await act(() => vi.advanceTimersByTimeAsync(3 * POLL.deviceStatusMs + 1_000));
    expect(updatedAgo()).toHaveAttribute('data-freshness', 'stale');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(7 * POLL.deviceStatusMs));
    expect(Number(/\d+/.exec(updatedAgo().textContent ?? '')?.[0])).toBeGreaterThanOrEqual(50);
    expect(updatedAgo()).toHaveAttribute('data-freshness', 'late');
    expect(screen.getByRole('rowheader', { name: 'Pixel' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // Backed off: half of period × 2, × 4, × 8 (random() = 0.5) after the first failed poll, not one poll every 5 s.
    expect(link.gapsInSeconds()).toEqual([5, 5, 10, 20]);

    link.state = 'up';
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(updatedAgo()).toHaveAttribute('data-freshness', 'fresh');
  });

  it('says something went wrong when the list never loaded', async () => {
    const link = pollLink(endpoints.devices.list);
    link.state = 'offline';
    renderResources(link);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.somethingWentWrong);
    expect(screen.queryByText(/^updated/)).not.toBeInTheDocument();
  });
});
