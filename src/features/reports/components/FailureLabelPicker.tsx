import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import type { FailureLabel } from '../../../shared/contracts/labels';
import { attachFailureLabel, collectionLabelQuery, createFailureLabel, failureLabelsQuery, updateFailureLabel } from '../api/failure-labels';
import { reportKeys } from '../api/report-keys';
import { errorText, labelNameError } from '../label-errors';

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

/** Picks the failure label of a failed run, renames it, or creates a new one and attaches it at once. */
export function FailureLabelPicker({ statusId }: { statusId: string }) {
  const queryClient = useQueryClient();
  const { data: labels = [] } = useQuery(failureLabelsQuery());
  const { data: current } = useQuery(collectionLabelQuery(statusId));
  const [newName, setNewName] = useState('');
  const [createError, setCreateError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);

  const attach = async (labelId: string | null) => {
    const answer = await attachFailureLabel(statusId, labelId);
    queryClient.setQueryData(reportKeys.collectionLabel(statusId), answer.data);
    toast.success(answer.message);
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
      const created = await createFailureLabel(newName.trim()).catch((error: unknown) => {
        setCreateError(labelNameError(error));
        return null;
      });
      if (!created) return;
      toast.success(created.message);
      setNewName('');
      await queryClient.invalidateQueries({ queryKey: reportKeys.failureLabels() });
      await attach(created.data.labelId);
    });

  /** Renames the label; answers why it could not (shown under the name), or null. */
  const rename = (labelId: string, labelName: string) =>
    busyWhile(async () => {
      try {
        const answer = await updateFailureLabel(labelId, labelName);
        toast.success(answer.message);
      } catch (error) {
        return labelNameError(error);
      }
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reportKeys.failureLabels() }),
        queryClient.invalidateQueries({ queryKey: reportKeys.collectionLabel(statusId) }),
      ]);
      return null;
    });

  const currentLabel = current ? { labelId: current.labelId, labelName: current.labelName } : null;
  return (
    <div className="report-label">
      <Select
        label="Failure Label"
        options={[{ id: NO_LABEL, label: 'No label' }, ...labels.map((label) => ({ id: label.labelId, label: label.labelName }))]}
        selectedKey={current?.labelId ?? NO_LABEL}
        isDisabled={isBusy}
        onSelectionChange={(id) => {
          if (id === null || id === (current?.labelId ?? NO_LABEL)) return;
          void orToast(() => attach(id === NO_LABEL ? null : id));
        }}
      />
      {currentLabel && <RenameLabel key={currentLabel.labelId} label={currentLabel} isBusy={isBusy} onRename={(name) => rename(currentLabel.labelId, name)} />}
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
