import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorText, fieldErrorText } from '../../../lib/error-messages';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/toast-queue';
import { SavedOfflineBadge } from '../../../offline/components/PendingChanges';
import { SAVED_OFFLINE_MESSAGE } from '../../../offline/pending-texts';
import { usePendingOverlay, usePendingRecords } from '../../../offline/queue-views';
import { useOfflineMutation } from '../../../offline/use-offline-mutation';
import { newClientRecordId } from '../../../shared/contracts/client-ids';
import type { FailureLabel } from '../../../shared/contracts/labels';
import {
  attachFailureLabelMutation,
  collectionLabelQuery,
  createFailureLabelMutation,
  failureLabelRecord,
  failureLabelsQuery,
  renameFailureLabelMutation,
  runLabelRecord,
} from '../api/failure-labels';

const NO_LABEL = '';

function RenameLabel({ label, isBusy, onRename }: { label: FailureLabel; isBusy: boolean; onRename: (name: string) => Promise<string | null> }) {
  const [name, setName] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  if (name === null) {
    return (
      <Button onPress={() => setName(label.labelName)} isDisabled={isBusy} aria-label={`Rename failure label ${label.labelName}`}>
        Rename
      </Button>
    );
  }
  const trimmed = name.trim();
  const save = async () => {
    const failure = await onRename(trimmed);
    if (failure === null) setName(null);
    else setError(failure);
  };
  return (
    <div className="report-label__create" role="group" aria-label="Rename failure label">
      <TextField
        label="Label name"
        value={name}
        onChange={(value) => {
          setName(value);
          setError(undefined);
        }}
        maxLength={100}
        autoFocus
        errorMessage={error}
      />
      <Button variant="primary" onPress={() => void save()} isDisabled={isBusy || trimmed === '' || trimmed === label.labelName}>
        Save
      </Button>
      <Button onPress={() => setName(null)} isDisabled={isBusy}>
        Cancel
      </Button>
    </div>
  );
}

/** Picks the failure label of a failed run, renames it, or creates a new one and attaches it at once; offline too. */
export function FailureLabelPicker({ statusId }: { statusId: string }) {
  const queryClient = useQueryClient();
  // Changes waiting in the outbox are laid over what the server answered, so a refetch never reverts them on screen.
  const labels = usePendingOverlay(failureLabelsQuery().queryKey, useQuery(failureLabelsQuery()).data) ?? [];
  const current = usePendingOverlay(collectionLabelQuery(statusId).queryKey, useQuery(collectionLabelQuery(statusId)).data);
  const [newName, setNewName] = useState('');
  const [createError, setCreateError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  const createLabel = useOfflineMutation(createFailureLabelMutation);
  const renameLabel = useOfflineMutation(renameFailureLabelMutation);
  const attachLabel = useOfflineMutation(attachFailureLabelMutation);
  const pending = usePendingRecords();

  const attach = async (label: FailureLabel | null) => {
    const outcome = await attachLabel.mutateAsync({ statusId, labelId: label?.labelId ?? null, labelName: label?.labelName ?? null });
    if (outcome.state === 'queued') {
      toast.info(SAVED_OFFLINE_MESSAGE);
      return;
    }
    queryClient.setQueryData(collectionLabelQuery(statusId).queryKey, outcome.data.data);
    toast.success(outcome.data.message);
  };

  const busyWhile = async <T,>(work: () => Promise<T>): Promise<T> => {
    setBusy(true);
    try {
      return await work();
    } finally {
      setBusy(false);
    }
  };
  const orToast = (work: () => Promise<void>) => busyWhile(work).catch((error: unknown) => toast.error(errorText(error)));

  const create = () =>
    orToast(async () => {
      const label: FailureLabel = { labelId: newClientRecordId(), labelName: newName.trim() };
      const created = await createLabel.mutateAsync(label).catch((error: unknown) => {
        setCreateError(fieldErrorText(error, 'labelName'));
        return null;
      });
      if (!created) return;
      setNewName('');
      if (created.state === 'sent') {
        toast.success(created.data.message);
        await queryClient.invalidateQueries({ queryKey: failureLabelsQuery().queryKey });
      }
      await attach(label);
    });

  /** Renames the label; answers why it could not (shown under the name), or null. */
  const rename = (label: FailureLabel) =>
    busyWhile(async () => {
      try {
        const outcome = await renameLabel.mutateAsync(label);
        if (outcome.state === 'queued') {
          toast.info(SAVED_OFFLINE_MESSAGE);
          return null;
        }
        toast.success(outcome.data.message);
      } catch (error) {
        return fieldErrorText(error, 'labelName');
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: failureLabelsQuery().queryKey }),
        queryClient.invalidateQueries({ queryKey: collectionLabelQuery(statusId).queryKey }),
      ]);
      return null;
    });

  const currentLabel = current ? { labelId: current.labelId, labelName: current.labelName } : null;
  const savedOffline = pending.has(runLabelRecord(statusId)) || (currentLabel !== null && pending.has(failureLabelRecord(currentLabel.labelId)));
  return (
    <div className="report-label">
      <Select
        label="Failure Label"
        options={[{ id: NO_LABEL, label: 'No label' }, ...labels.map((label) => ({ id: label.labelId, label: label.labelName }))]}
        selectedKey={current?.labelId ?? NO_LABEL}
        isDisabled={isBusy}
        onSelectionChange={(id) => {
          if (id === null || id === (current?.labelId ?? NO_LABEL)) return;
          void orToast(() => attach(labels.find((label) => label.labelId === id) ?? null));
        }}
      />
      {savedOffline && <SavedOfflineBadge />}
      {currentLabel && (
        <RenameLabel key={currentLabel.labelId} label={currentLabel} isBusy={isBusy} onRename={(name) => rename({ labelId: currentLabel.labelId, labelName: name })} />
      )}
      <div className="report-label__create">
        <TextField
          label="New failure label"
          value={newName}
          onChange={(value) => {
            setNewName(value);
            setCreateError(undefined);
          }}
          maxLength={100}
          errorMessage={createError}
        />
        <Button onPress={() => void create()} isDisabled={isBusy || newName.trim() === ''}>
          Create
        </Button>
      </div>
    </div>
  );
}
