import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serveConfig, signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import type { StudioConfig } from '../../../shared/config';
import { ControlRoomPage } from './ControlRoomPage';

function renderPage(config: StudioConfig) {
  signInAs(['CONTROL_ROOM']);
  serveConfig(config);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ControlRoomPage />
    </QueryClientProvider>,
  );
}

describe('ControlRoomPage', () => {
  it('shows the Autonomous Bot tab with the schedules and the queue, and no Interactive Bot tab without its flag', async () => {
    renderPage({});
    expect(await screen.findByRole('tab', { name: 'Autonomous Bot' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Interactive Bot' })).toBeNull();
    expect(screen.getByRole('grid', { name: 'Upcoming Schedules' })).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Queued schedules' })).toBeInTheDocument();
  });

  it('adds the Interactive Bot tab under Schedule.interactiveBotFeature', async () => {
    renderPage({ Schedule: { interactiveBotFeature: true } });
    expect(await screen.findByRole('tab', { name: 'Interactive Bot' })).toBeInTheDocument();
  });
});
