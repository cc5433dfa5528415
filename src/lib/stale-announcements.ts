import { clearAnnouncer } from 'react-aria/private/live-announcer/LiveAnnouncer';

interface NavigatingRouter {
  subscribe(event: 'onResolved', listener: () => void): () => void;
}

/**
 * react-aria announces a pending button by pointing at it (aria-labelledby) and keeps the message in its live region
 * for 7 s. After a navigation the button is gone and the message names nothing (axe: role-img-alt). A page that was
 * left has nothing more to announce, so its messages go with it.
 */
export function clearAnnouncementsOnNavigation(router: NavigatingRouter): () => void {
  return router.subscribe('onResolved', () => {
    clearAnnouncer('assertive');
    clearAnnouncer('polite');
  });
}
