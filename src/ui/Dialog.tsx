import type { ReactNode } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import './ui.css';

export type DialogSize = 'small' | 'medium' | 'large' | 'extra-large';

export interface DialogProps {
  title: string;
  isOpen: boolean;
  /** Called when the user dismisses the dialog (Escape or outside click). Omit to make dismissal a no-op, as confirmations require. */
  onDismiss?: () => void;
  size?: DialogSize;
  children: ReactNode;
  /** Buttons row under the content. */
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
}

/** The one wrapper of react-aria's Modal + Dialog. */
export function Dialog({ title, isOpen, onDismiss, size = 'medium', children, footer, role = 'dialog' }: DialogProps) {
  const dismissable = onDismiss !== undefined;
  return (
    <ModalOverlay
      className="ui-modal-overlay"
      isOpen={isOpen}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
      onOpenChange={(open) => {
        if (!open) onDismiss?.();
      }}
    >
      <Modal className={`ui-modal ui-modal--${size}`}>
        <AriaDialog className="ui-dialog" role={role}>
          <Heading slot="title" className="ui-dialog__title">{title}</Heading>
          <div className="ui-dialog__body">{children}</div>
          {footer && <div className="ui-dialog__footer">{footer}</div>}
        </AriaDialog>
      </Modal>
    </ModalOverlay>
  );
}
