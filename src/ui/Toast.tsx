import { useCallback, useRef } from 'react';
import { Text, UNSTABLE_Toast as AriaToast, UNSTABLE_ToastContent as ToastContent, UNSTABLE_ToastRegion as AriaToastRegion } from 'react-aria-components';
import { Button } from './Button';
import { toastQueue } from './toast-queue';
import './ui.css';

/**
 * How the keyboard reaches a toast's button (issue 27): the region is a react-aria landmark, which F6 (Shift+F6
 * backwards) focuses from anywhere on the page; Tab then goes through its toasts and their buttons.
 */
export const TOAST_KEYBOARD_HINT = 'Press F6 to go to this message, then Tab to its buttons.';

/** The one wrapper of react-aria's ToastRegion + Toast; mounted once by the app shell. */
export function ToastRegion() {
  /** Where the keyboard was before it came into the region (F6). */
  const cameFrom = useRef<HTMLElement | null>(null);
  // react-aria's region passes no focus handlers through, so its element is listened to directly.
  const followFocus = useCallback((region: HTMLDivElement) => {
    const noteWhereFocusCameFrom = (event: FocusEvent) => {
      const from = event.relatedTarget;
      if (from instanceof HTMLElement && !region.contains(from)) cameFrom.current = from;
    };
    region.addEventListener('focusin', noteWhereFocusCameFrom);
    return () => region.removeEventListener('focusin', noteWhereFocusCameFrom);
  }, []);
  return (
    <AriaToastRegion ref={followFocus} queue={toastQueue} className="ui-toast-region">
      {({ toast: queued }) => (
        <AriaToast toast={queued} className={`ui-toast ui-toast--${queued.content.tone}`}>
          <ToastContent className="ui-toast__content">
            <Text slot="title">{queued.content.message}</Text>
            {queued.content.action && (
              <Text slot="description" className="ui-toast__hint">
                {TOAST_KEYBOARD_HINT}
              </Text>
            )}
          </ToastContent>
          {queued.content.action && (
            <Button
              variant="ghost"
              className="ui-toast__action"
              onPress={() => {
                // Focus goes back where the keyboard came from before the action runs, so a dialog the action opens
                // gives it back there too. Left in the region, it would move to whichever other toast is still up
                // when this one closes (react-aria's region keeps them all up while it has focus).
                if (cameFrom.current?.isConnected) cameFrom.current.focus();
                queued.content.action?.onAction();
                toastQueue.close(queued.key);
              }}
            >
              {queued.content.action.label}
            </Button>
          )}
          <Button slot="close" variant="icon" aria-label="Close" className="ui-toast__close">
            ×
          </Button>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
