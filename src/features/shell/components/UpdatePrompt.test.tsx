import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createServiceWorkerUpdates } from '../../../lib/pwa';
import { fakeWorkbox } from '../../../../tests/support/fake-workbox';
import { UpdatePrompt } from './UpdatePrompt';

async function connectedUpdates() {
  const updates = createServiceWorkerUpdates();
  const workbox = fakeWorkbox();
  const reload = vi.fn();
  await updates.connect(workbox.client, reload);
  return { updates, workbox, reload };
}

describe('UpdatePrompt', () => {
  it('stays empty while no new version waits', async () => {
    const { updates } = await connectedUpdates();
    render(<UpdatePrompt updates={updates} />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('offers the new version politely and applies it only when the user presses Reload', async () => {
    const { updates, workbox, reload } = await connectedUpdates();
    render(<UpdatePrompt updates={updates} />);

    act(() => workbox.emit('waiting'));
    expect(screen.getByRole('status').textContent).toContain('A new version of Studio is available.');
    expect(workbox.client.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.client.messageSkipWaiting).toHaveBeenCalledTimes(1);
  });
});
