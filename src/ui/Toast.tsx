import { Text, UNSTABLE_Toast as AriaToast, UNSTABLE_ToastContent as ToastContent, UNSTABLE_ToastRegion as AriaToastRegion } from 'react-aria-components';
import { Button } from './Button';
import { toastQueue } from './toast-queue';
import './ui.css';

/** The one wrapper of react-aria's ToastRegion + Toast; mounted once by the app shell. */
export function ToastRegion() {
  return (
    <AriaToastRegion queue={toastQueue} className="ui-toast-region">
      {({ toast: queued }) => (
        <AriaToast toast={queued} className={`ui-toast ui-toast--${queued.content.tone}`}>
          <ToastContent className="ui-toast__content">
            <Text slot="title">{queued.content.message}</Text>
          </ToastContent>
          {queued.content.action && (
            <Button
              variant="ghost"
              className="ui-toast__action"
              onPress={() => {
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
