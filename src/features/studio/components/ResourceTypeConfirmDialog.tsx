import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { MESSAGES } from '../../../shared/constants';
import { STUDIO_MESSAGES } from '../studio-messages';

export interface ResourceTypeConfirmDialogProps {
  isOpen: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec part 1 §4/§8: Yes resets the collection to the new type; Cancel or dismissal keeps the old type. */
export function ResourceTypeConfirmDialog({ isOpen, onConfirm, onCancel }: ResourceTypeConfirmDialogProps) {
  return (
    <Dialog
      title={MESSAGES.confirmTitle}
      isOpen={isOpen}
      size="small"
      role="alertdialog"
      onDismiss={onCancel}
      footer={
        <>
          <Button onPress={onCancel} autoFocus>
            Cancel
          </Button>
          <Button variant="primary" onPress={onConfirm}>
            Yes
          </Button>
        </>
      }
    >
      {STUDIO_MESSAGES.resourceTypeChange}
    </Dialog>
  );
}
