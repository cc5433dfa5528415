import { useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { UNSTABLE_ToastQueue as ToastQueue } from 'react-aria-components';

export type ToastTone = 'success' | 'error' | 'info';

/** A button inside the toast (e.g. 'Open report'); pressing it closes the toast. */
export interface ToastAction {
  label: string;
  onAction: () => void;
}

export interface ToastMessage {
  tone: ToastTone;
  message: string;
  action?: ToastAction;
}

export interface ToastShowOptions {
  /** Milliseconds before the toast closes itself; defaults per tone (errors stay longer). */
  timeout?: number;
  onClose?: () => void;
  /**
   * A button to act on the message. Such a toast stays until closed unless a timeout is given: a timed-out action is
   * lost to a user who needs longer to reach it (WCAG 2.2.1).
   */
  action?: ToastAction;
}

const DEFAULT_TIMEOUT_MS: Record<ToastTone, number> = { success: 5_000, info: 5_000, error: 8_000 };

/** One app-wide queue, so any module can raise a toast without a React context. */
export const toastQueue = new ToastQueue<ToastMessage>({ maxVisibleToasts: 5 });

/**
 * A message already showing is replaced by its repeat, not stacked: fifty saves kept offline would otherwise queue fifty
 * copies, shown five at a time for minutes, still saying "will sync" long after the sync.
 */
function show(tone: ToastTone) {
  return (message: string, options: ToastShowOptions = {}) => {
    for (const shown of toastQueue.visibleToasts) {
      if (shown.content.tone === tone && shown.content.message === message) toastQueue.close(shown.key);
    }
    const timeout = options.timeout ?? (options.action ? undefined : DEFAULT_TIMEOUT_MS[tone]);
    return toastQueue.add({ tone, message, action: options.action }, { timeout, onClose: options.onClose });
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  close: (key: string) => toastQueue.close(key),
} as const;

const anyToastShown = () => toastQueue.visibleToasts.length > 0;

let LoadedToastRegion: ComponentType | null = null;
let loadingRegion: Promise<void> | null = null;
const regionListeners = new Set<() => void>();

/**
 * Loads the toast region (src/ui/Toast.tsx, react-aria's region with its strings in every language) once. A page that
 * shows no toast, such as the sign-in page, never loads it; signed-in pages load it early, so that their first toast
 * shows at once. A failed load (offline before the service worker had it) is tried again with the next toast.
 */
export function loadToastRegion(): Promise<void> {
  loadingRegion ??= import('./Toast').then(
    ({ ToastRegion }) => {
      LoadedToastRegion = ToastRegion;
      regionListeners.forEach((listener) => listener());
    },
    () => {
      loadingRegion = null;
    },
  );
  return loadingRegion;
}

function subscribeRegion(listener: () => void): () => void {
  regionListeners.add(listener);
  return () => regionListeners.delete(listener);
}

/**
 * The toast region while a toast is on screen, loaded then if it is not yet; the app mounts this once. The region is
 * rendered directly, not through React.lazy: a suspended region would be revealed no sooner than React's fallback
 * throttle allows (300 ms or more), late for a toast such as the logout's, which lasts as long as its page.
 */
export function ToastRegionSlot() {
  const shown = useSyncExternalStore((listener) => toastQueue.subscribe(listener), anyToastShown, () => false);
  const loaded = useSyncExternalStore(subscribeRegion, () => LoadedToastRegion !== null, () => false);
  useEffect(() => {
    if (shown) void loadToastRegion();
  }, [shown]);
  return shown && loaded && LoadedToastRegion ? <LoadedToastRegion /> : null;
}
