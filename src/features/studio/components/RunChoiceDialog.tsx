import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { STUDIO_MESSAGES } from '../studio-messages';

export interface RunChoiceDialogProps {
  isOpen: boolean;
  /** Whether the edits can be saved now; otherwise only the saved version can run. */
  canSave: boolean;
  onSaveAndRun: () => void;
  onRunSaved: () => void;
  onCancel: () => void;
}

/**
 * Run pressed on a collection with unsaved edits (issue 27): the server runs what it has stored, so the Studio never
 * runs silently something other than what the screen shows. Saving and running the edits is the default choice.
 */
export function RunChoiceDialog({ isOpen, canSave, onSaveAndRun, onRunSaved, onCancel }: RunChoiceDialogProps) {
  return (
    <Dialog
      title={STUDIO_MESSAGES.runChoiceTitle}
      isOpen={isOpen}
      size="medium"
      onDismiss={onCancel}
      footer={
        <>
          <Button onPress={onCancel}>Cancel</Button>
          <Button onPress={onRunSaved} autoFocus={!canSave}>
            Run saved version
          </Button>
          <Button variant="primary" onPress={onSaveAndRun} isDisabled={!canSave} autoFocus={canSave}>
            Save and run
          </Button>
        </>
      }
    >
      <p>{STUDIO_MESSAGES.runChoice}</p>
      {!canSave && <p className="studio-run-choice__blocked">{STUDIO_MESSAGES.runChoiceCannotSave}</p>}
    </Dialog>
  );
}
