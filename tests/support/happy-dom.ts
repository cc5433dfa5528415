import type { DetachedWindowAPI } from 'happy-dom';

/** happy-dom's handle on the test window (its URL, viewport, pending work); undefined under other environments. */
export function happyDom(): DetachedWindowAPI | undefined {
  return (window as Window & { happyDOM?: DetachedWindowAPI }).happyDOM;
}
