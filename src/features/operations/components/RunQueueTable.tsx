import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../lib/dates';
import { errorText } from '../../../lib/error-messages';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { POLL } from '../../../shared/constants';
import { deviceOptionNameOf } from '../../../shared/contracts/devices';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast-queue';
import { cancelAllQueuedRuns, cancelQueuedRuns } from '../api/cancel-queued-runs';
import { operationsKeys } from '../api/operations-keys';
import { queuedRunsQuery, type QueuedRun } from '../api/queued-runs';
import { resourcesQuery } from '../api/resources';
import type { OperationsColumnSpec } from '../columns';
import { OPERATIONS_TEXTS as T } from '../operations-messages';
import { OperationsTable } from './OperationsTable';
import { SectionHeader } from './SectionHeader';

type Pending = { kind: 'one'; run: QueuedRun } | { kind: 'all' } | null;

/** The run queue under the results (part 2 §2, §4): newest trigger first, polled every 15 s, Cancel and Cancel all. */
export function RunQueueTable() {
  const queryClient = useQueryClient();
  const queue = useQuery(queuedRunsQuery());
  const resources = useQuery(resourcesQuery());
  const [pending, setPending] = useState<Pending>(null);
  const runs = queue.data ?? [];

  const names = new Map((resources.data ?? []).map((device) => [device.deviceId, deviceOptionNameOf(device)]));
  const columns: readonly OperationsColumnSpec<QueuedRun>[] = [
    { header: 'Collection Name', value: (run) => run.testSuiteName },
    { header: 'Resource(s)', value: (run) => run.devices.map((id) => names.get(id) ?? id).join(', ') },
    { header: 'Time Triggered', width: 205, value: (run) => formatDate(run.timeTriggered) },
  ];

  const settle = async (cancelled: (run: QueuedRun) => boolean) => {
    queryClient.setQueryData<QueuedRun[]>(operationsKeys.queue(), (current) => current?.filter((run) => !cancelled(run)));
    await queryClient.invalidateQueries({ queryKey: operationsKeys.queue() });
  };

  const cancelOne = async (run: QueuedRun) => {
    try {
      await cancelQueuedRuns([run.id]);
    } catch (error) {
      toast.error(T.cancelFailed(errorText(error)));
      return;
    }
    toast.success(T.queuedCancelled);
    await settle((other) => other.id === run.id);
  };

  const cancelAll = async () => {
    // §5: Cancel all acts only if ids exist.
    if (runs.length === 0) return;
    try {
      await cancelAllQueuedRuns();
    } catch (error) {
      toast.error(T.cancelFailed(errorText(error)));
      return;
    }
    toast.success(T.allQueuedCancelled);
    await settle(() => true);
  };

  const confirm = () => {
    const chosen = pending;
    setPending(null);
    if (chosen?.kind === 'one') void cancelOne(chosen.run);
    else if (chosen?.kind === 'all') void cancelAll();
  };

  return (
    <section className="operations__section" aria-labelledby="run-queue-title">
      <SectionHeader
        id="run-queue-title"
        title="Queue"
        status={<UpdatedAgo updatedAt={queue.dataUpdatedAt} periodMs={POLL.operationsQueueMs} />}
        actions={
          <Button variant="danger" isDisabled={runs.length === 0} onPress={() => setPending({ kind: 'all' })}>
            Cancel all
          </Button>
        }
      />
      <OperationsTable
        label="Queued collections"
        columns={columns}
        extraColumns={[
          {
            id: 'actions',
            header: 'Actions',
            width: 110,
            cell: (run) => (
              <Button variant="danger" aria-label={`Cancel ${run.testSuiteName}`} onPress={() => setPending({ kind: 'one', run })}>
                Cancel
              </Button>
            ),
          },
        ]}
        rows={runs}
        rowKey={(run) => run.id}
        isPending={queue.isPending}
        // A failed refresh is ignored: the last list stays, aged by its 'updated N s ago' mark.
        error={queue.data ? null : queue.error}
      />
      <ConfirmDialog
        isOpen={pending !== null}
        message={pending?.kind === 'all' ? T.confirmCancelAll : T.confirmCancelOne}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
      />
    </section>
  );
}
