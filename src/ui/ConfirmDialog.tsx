import type { ReactNode } from 'react';
import { MESSAGES } from '../shared/constants';
import { Button } from './Button';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title?: string;
  message: ReactNode;
  okText?: string;
  cancelText?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where dismissal (Escape, outside click) should act, as when it means No; by default it is ignored. */
  onDismiss?: () => void;
}

/** The generic confirmation (spec part 1 §2): dismissing it (Escape, outside click) is ignored unless `onDismiss` says otherwise. */
export function ConfirmDialog({ isOpen, title = MESSAGES.confirmTitle, message, okText = 'Yes', cancelText = 'Cancel', onConfirm, onCancel, onDismiss }: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      size="small"
      role="alertdialog"
      onDismiss={onDismiss}
      footer={
        <>
          {/* Focus starts on the choice that changes nothing. */}
          <Button onPress={onCancel} autoFocus>
            {cancelText}
          </Button>
          <Button variant="primary" onPress={onConfirm}>
            {okText}
          </Button>
        </>
      }
    >
      {message}
    </Dialog>
  );
}
