import type { ReactNode } from 'react';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { MESSAGES } from '../../../shared/constants';

export interface ConfirmDialogProps {
  isOpen: boolean;
  title?: string;
  message: ReactNode;
  okText?: string;
  cancelText?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The generic confirmation (spec part 1 §2): dismissing it (Escape, outside click) is ignored. */
export function ConfirmDialog({ isOpen, title = MESSAGES.confirmTitle, message, okText = 'Yes', cancelText = 'Cancel', onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      isOpen={isOpen}
      size="small"
      role="alertdialog"
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
