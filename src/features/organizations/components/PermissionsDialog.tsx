import { useState } from 'react';
import { errorText } from '../../../lib/error-messages';
import type { UserAccount } from '../../../shared/contracts/users';
import { Button } from '../../../ui/Button';
import { CheckboxGroup } from '../../../ui/CheckboxGroup';
import { Dialog } from '../../../ui/Dialog';
import { onlyPermissions, PERMISSION_OPTIONS } from '../permission-labels';

export interface PermissionsDialogProps {
  account: UserAccount;
  onSave: (features: ReturnType<typeof onlyPermissions>) => Promise<unknown>;
  onClose: () => void;
}

/** Edits one user's features; a refusal (e.g. taking away one's own administration) stays in the dialog. */
export function PermissionsDialog({ account, onSave, onClose }: PermissionsDialogProps) {
  const [features, setFeatures] = useState<string[]>(account.permissions.features);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const name = `${account.userDetails.firstName} ${account.userDetails.lastName}`;

  const save = async () => {
    setSaving(true);
    setError(null);
    try {
      await onSave(onlyPermissions(features));
      onClose();
    } catch (failure) {
      setError(errorText(failure));
      setSaving(false);
    }
  };

  return (
    <Dialog
      title={`Permissions of ${name}`}
      isOpen
      onDismiss={onClose}
      footer={
        <>
          <Button onPress={onClose}>Cancel</Button>
          <Button variant="primary" onPress={() => void save()} isPending={isSaving}>
            Save
          </Button>
        </>
      }
    >
      <CheckboxGroup label="Permissions" options={PERMISSION_OPTIONS} value={features} onChange={setFeatures} />
      {error && (
        <p className="users-outcome users-outcome--error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
