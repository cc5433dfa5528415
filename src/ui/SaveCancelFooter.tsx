import { Button } from './Button';

export interface SaveCancelFooterProps {
  onCancel: () => void;
  onSave: () => void;
  /** A save in flight: both buttons wait for it. */
  isSaving?: boolean;
  /** False while the content cannot be saved (invalid, not loaded yet); Cancel stays available. */
  canSave?: boolean;
}

/** The Cancel + primary Save buttons of a dialog's footer. */
export function SaveCancelFooter({ onCancel, onSave, isSaving = false, canSave = true }: SaveCancelFooterProps) {
  return (
    <>
      <Button onPress={onCancel} isDisabled={isSaving}>
        Cancel
      </Button>
      <Button variant="primary" onPress={onSave} isDisabled={isSaving || !canSave}>
        Save
      </Button>
    </>
  );
}
