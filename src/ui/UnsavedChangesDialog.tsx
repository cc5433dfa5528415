import { useState } from 'react';
import { Checkbox } from './Checkbox';
import { MESSAGES } from '../shared/constants';
import { disableUnsavedWarning } from '../lib/unsaved-warning';
import { ConfirmDialog } from './ConfirmDialog';

export interface UnsavedChangesDialogProps {
  isOpen: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The unsaved-data variant: 'Do not show this message again' takes effect when the user goes on (Yes). */
export function UnsavedChangesDialog({ isOpen, onConfirm, onCancel }: UnsavedChangesDialogProps) {
  const [doNotShowAgain, setDoNotShowAgain] = useState(false);
  return (
    <ConfirmDialog
      isOpen={isOpen}
      message={
        <>
          <p>{MESSAGES.unsavedData}</p>
          <Checkbox isSelected={doNotShowAgain} onChange={setDoNotShowAgain}>
            {MESSAGES.doNotShowAgain}
          </Checkbox>
        </>
      }
      okText="Yes"
      cancelText="Cancel"
      onConfirm={() => {
        if (doNotShowAgain) disableUnsavedWarning();
        onConfirm();
      }}
      onCancel={onCancel}
    />
  );
}
