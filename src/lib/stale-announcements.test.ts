import { announce } from 'react-aria/private/live-announcer/LiveAnnouncer';
import { describe, expect, it } from 'vitest';
import { clearAnnouncementsOnNavigation } from './stale-announcements';
import { waitUntil } from '../../tests/support/wait';

describe('clearAnnouncementsOnNavigation', () => {
  it("empties react-aria's live regions when a navigation resolves, and stops on unsubscribe", async () => {
    const listeners = new Set<() => void>();
    const router = {
      subscribe: (_event: 'onResolved', listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const messages = () => [...document.querySelectorAll('[data-live-announcer] [role="log"]')].map((log) => log.innerHTML).join('');
    const stop = clearAnnouncementsOnNavigation(router);
    announce({ 'aria-labelledby': 'a-button-of-the-page-left' }, 'assertive');
    announce('Saved', 'polite');
    // The first message waits until the regions are in the page (100 ms, for Safari).
    await waitUntil(() => {
      expect(messages()).toContain('a-button-of-the-page-left');
      expect(messages()).toContain('Saved');
    });

    listeners.forEach((listener) => listener());
    expect(messages()).toBe('');

    stop();
    expect(listeners.size).toBe(0);
  });
});
