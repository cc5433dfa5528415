import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { interactiveBotsBackend, makeInteractiveBot } from '../../../../tests/msw/interactive-bots';
import { renderApp, serveConfig, signInAs } from '../../../../tests/support/render-app';
import type { StudioConfig } from '../../../shared/config';

// Through the router: the routes compose the page with the interactive bots' tab.
function renderPage(path: string, config: StudioConfig) {
  signInAs(['CONTROL_ROOM']);
  serveConfig(config);
  return renderApp(path);
}

describe('ControlRoomPage', () => {
  beforeEach(() => {
    interactiveBotsBackend.reset();
  });

  it('shows the Autonomous Bot tab with the schedules and the queue, and no Interactive Bot tab without its flag', async () => {
    renderPage('/control-room', {});
    // The page's chunk (its contracts included) loads on first use.
    expect(await screen.findByRole('tab', { name: 'Autonomous Bot' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('tab', { name: 'Interactive Bot' })).toBeNull();
    expect(screen.getByRole('grid', { name: 'Upcoming Schedules' })).toBeInTheDocument();
    expect(screen.getByRole('grid', { name: 'Queued schedules' })).toBeInTheDocument();
  });

  it.each(['/control-room', '/automation-control-panel'])(
    'adds the Interactive Bot tab with the bots under Schedule.interactiveBotFeature on %s',
    async (path) => {
      interactiveBotsBackend.bots = [makeInteractiveBot({ interactive_trigger_name: 'Smoke bot' })];
      const { user } = renderPage(path, { Schedule: { interactiveBotFeature: true } });
      await user.click(await screen.findByRole('tab', { name: 'Interactive Bot' }));
      const table = await screen.findByRole('grid', { name: 'Interactive Bots' });
      expect(await within(table).findByRole('rowheader', { name: 'Smoke bot' })).toBeInTheDocument();
    },
  );
});
