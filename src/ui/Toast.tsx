import { Text, UNSTABLE_Toast as AriaToast, UNSTABLE_ToastContent as ToastContent, UNSTABLE_ToastQueue as ToastQueue, UNSTABLE_ToastRegion as AriaToastRegion } from 'react-aria-components';
import { Button } from './Button';
import './ui.css';

export type ToastTone = 'success' | 'error' | 'info';

export interface ToastMessage {
  tone: ToastTone;
  message: string;
}

export interface ToastShowOptions {
  /** Milliseconds before the toast closes itself; defaults per tone (errors stay longer). */
  timeout?: number;
  onClose?: () => void;
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
    return toastQueue.add({ tone, message }, { timeout: options.timeout ?? DEFAULT_TIMEOUT_MS[tone], onClose: options.onClose });
  };
}

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  close: (key: string) => toastQueue.close(key),
} as const;

/** The one wrapper of react-aria's ToastRegion + Toast; mounted once by the app shell. */
export function ToastRegion() {
  return (
    <AriaToastRegion queue={toastQueue} className="ui-toast-region">
      {({ toast: queued }) => (
        <AriaToast toast={queued} className={`ui-toast ui-toast--${queued.content.tone}`}>
          <ToastContent className="ui-toast__content">
            <Text slot="title">{queued.content.message}</Text>
          </ToastContent>
          <Button slot="close" variant="icon" aria-label="Close" className="ui-toast__close">
            ×
          </Button>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
