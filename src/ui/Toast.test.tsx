import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from './Button';
import { TOAST_KEYBOARD_HINT, ToastRegion } from './Toast';
import { toast, toastQueue, ToastRegionSlot } from './toast-queue';

afterEach(() => {
  act(() => toastQueue.clear());
  vi.useRealTimers();
});

describe('toast', () => {
  it('shows a message in the region with its tone', async () => {
    render(<ToastRegion />);
    act(() => {
      toast.error('Unable to save Test suite');
    });
    const message = await screen.findByText('Unable to save Test suite');
    expect(message.closest('.ui-toast')).toHaveClass('ui-toast--error');
  });

  it('closes itself after its timeout', async () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    act(() => {
      toast.success('Test Suite Saved!', { timeout: 2_000 });
    });
    expect(screen.getByText('Test Suite Saved!')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_100);
    });
    expect(screen.queryByText('Test Suite Saved!')).toBeNull();
  });

  it('shows a repeated message once, its timeout starting again', async () => {
    vi.useFakeTimers();
    render(<ToastRegion />);
    act(() => {
      toast.info('Saved offline, will sync when the server can be reached.', { timeout: 2_000 });
      toast.success('Image Filter Saved');
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_500);
    });
    act(() => {
      toast.info('Saved offline, will sync when the server can be reached.', { timeout: 2_000 });
    });
    expect(screen.getAllByText('Saved offline, will sync when the server can be reached.')).toHaveLength(1);
    expect(screen.getByText('Image Filter Saved')).toBeInTheDocument();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(screen.getByText('Saved offline, will sync when the server can be reached.')).toBeInTheDocument();
  });

  it('closes from its close button', async () => {
    const user = userEvent.setup();
    render(<ToastRegion />);
    act(() => {
      toast.info('Collection Export Started');
    });
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    expect(screen.queryByText('Collection Export Started')).toBeNull();
  });

  it('says how the keyboard reaches a toast with a button: F6 goes to its region, Tab to its button (issue 27)', async () => {
    const user = userEvent.setup();
    let opened = 0;
    let focusedOnAction: Element | null = null;
    render(
      <>
        <Button>Run</Button>
        <ToastRegion />
      </>,
    );
    act(() => {
      toast.info('Collection Export Started');
      toast.error('Nightly: FAILED', {
        action: {
          label: 'Open report',
          onAction: () => {
            opened += 1;
            focusedOnAction = document.activeElement;
          },
        },
      });
    });
    const withAction = await screen.findByRole('alertdialog', { name: 'Nightly: FAILED' });
    expect(withAction).toHaveAccessibleDescription(TOAST_KEYBOARD_HINT);
    // A message without a button has nothing to reach.
    expect(screen.getByRole('alertdialog', { name: 'Collection Export Started' })).not.toHaveAccessibleDescription(TOAST_KEYBOARD_HINT);

    screen.getByRole('button', { name: 'Run' }).focus();
    await user.keyboard('{F6}');
    expect(screen.getByRole('region')).toContainElement(document.activeElement as HTMLElement);
    const openReport = screen.getByRole('button', { name: 'Open report' });
    for (let tabs = 0; tabs < 6 && document.activeElement !== openReport; tabs += 1) await user.tab();
    expect(openReport).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened).toBe(1);
    // The action runs with focus back on Run (where a dialog it opens returns it), and the toast still up keeps none.
    const run = screen.getByRole('button', { name: 'Run' });
    expect(focusedOnAction).toBe(run);
    expect(screen.queryByRole('alertdialog', { name: 'Nightly: FAILED' })).toBeNull();
    expect(screen.getByRole('alertdialog', { name: 'Collection Export Started' })).toBeInTheDocument();
    expect(run).toHaveFocus();
  });

  it('mounts the region only while a toast shows, loading it with the first one', async () => {
    const { container } = render(<ToastRegionSlot />);
    expect(container.innerHTML).toBe('');
    expect(screen.queryByRole('region')).toBeNull();
    act(() => {
      toast.success('Collection Imported Successfully');
    });
    expect(await screen.findByText('Collection Imported Successfully')).toBeInTheDocument();
    act(() => toastQueue.clear());
    expect(screen.queryByText('Collection Imported Successfully')).toBeNull();
  });
});
