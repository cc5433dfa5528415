import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { Select } from '../../../ui/Select';
import { TextField } from '../../../ui/TextField';
import { toast } from '../../../ui/Toast';
import { attachFailureLabel, collectionLabelQuery, createFailureLabel, failureLabelsQuery } from '../api/failure-labels';
import { reportKeys } from '../api/report-keys';

const NO_LABEL = '';

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Picks the failure label of a run, or creates a new one and attaches it at once. */
export function FailureLabelPicker({ statusId }: { statusId: string }) {
  const queryClient = useQueryClient();
  const { data: labels = [] } = useQuery(failureLabelsQuery());
  const { data: current } = useQuery(collectionLabelQuery(statusId));
  const [newName, setNewName] = useState('');
  const [isBusy, setBusy] = useState(false);

  const attach = async (labelId: string | null) => {
    const answer = await attachFailureLabel(statusId, labelId);
    queryClient.setQueryData(reportKeys.collectionLabel(statusId), answer.data);
    toast.success(answer.message);
  };

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    run(async () => {
      const created = await createFailureLabel(newName.trim());
      toast.success(created.message);
      setNewName('');
      await queryClient.invalidateQueries({ queryKey: reportKeys.failureLabels() });
      await attach(created.data.labelId);
    });

  return (
    <div className="report-label">
      <Select
        label="Failure Label"
        options={[{ id: NO_LABEL, label: 'No label' }, ...labels.map((label) => ({ id: label.labelId, label: label.labelName }))]}
        selectedKey={current?.labelId ?? NO_LABEL}
        isDisabled={isBusy}
        onSelectionChange={(id) => {
          if (id === null || id === (current?.labelId ?? NO_LABEL)) return;
          void run(() => attach(id === NO_LABEL ? null : id));
        }}
      />
      <div className="report-label__create">
        <TextField label="New failure label" value={newName} onChange={setNewName} maxLength={100} />
        <Button onPress={() => void create()} isDisabled={isBusy || newName.trim() === ''}>
          Create
        </Button>
      </div>
    </div>
  );
}
