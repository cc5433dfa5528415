import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createWallDisplayMode } from '../../../offline/wall-display-mode';
import { connectedUpdates } from '../../../../tests/support/fake-workbox';
import { UpdatePrompt } from './UpdatePrompt';

describe('UpdatePrompt', () => {
  it('stays empty while no new version waits', async () => {
    const { updates } = await connectedUpdates();
    render(<UpdatePrompt updates={updates} mode={createWallDisplayMode(null)} />);
    expect(screen.getByRole('status').textContent).toBe('');
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
  });

  it('offers the new version politely and applies it only when the user presses Reload', async () => {
    const { updates, workbox, reload } = await connectedUpdates();
    render(<UpdatePrompt updates={updates} mode={createWallDisplayMode(null)} />);

    act(() => workbox.emit('waiting'));
    expect(screen.getByRole('status').textContent).toBe('A new version of Studio is available.Reload');
    expect(workbox.client.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(workbox.client.messageSkipWaiting).toHaveBeenCalledTimes(1);
    act(() => workbox.emit('controlling', { isUpdate: true }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('says on a wall display that the new version will be applied by itself, and still offers Reload', async () => {
    const { updates, workbox } = await connectedUpdates();
    const mode = createWallDisplayMode(null);
    mode.set(true);
    render(<UpdatePrompt updates={updates} mode={mode} />);
    act(() => workbox.emit('waiting'));
    expect(screen.getByRole('status')).toHaveTextContent('A new version of Studio is available. This wall display applies it once no transfer or change waits to be sent.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
