import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '../../../ui/Button';
import { ProgressBar } from '../../../ui/ProgressBar';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { POLL } from '../../../shared/constants';
import { toast } from '../../../ui/toast-queue';
import { RUN_MESSAGES, type RunningCollection } from '../../../shared/contracts/runs';
import { cancelRunning } from '../api/cancel-running';
import { runningTabDataQuery } from '../api/running-tab-data';
import { runsKeys } from '../api/runs-keys';
import './runs.css';

function RunningCollectionItem({ run }: { run: RunningCollection }) {
  const queryClient = useQueryClient();
  const [isStopping, setStopping] = useState(false);
  const stop = async () => {
    setStopping(true);
    try {
      await cancelRunning(run.statusId);
      toast.success(RUN_MESSAGES.stopped(run.id));
      await queryClient.invalidateQueries({ queryKey: runsKeys.runningTabData() });
    } catch (error) {
      toast.error(RUN_MESSAGES.stopError(error instanceof Error ? error.message : String(error)));
    } finally {
      setStopping(false);
    }
  };
  const isQueued = run.result === 'QUEUED';

  return (
    <li className="run-item" aria-label={run.testSuiteName}>
      <div className="run-item__title">
        <strong>{run.testSuiteName}</strong>
        <span className="run-item__state">{isQueued ? 'Queued' : 'Running'}</span>
      </div>
      <div className="run-item__devices">{run.displayDevices}</div>
      {isQueued && run.queueHint && <p className="run-item__hint">{run.queueHint}</p>}
      {!isQueued && (
        <>
          <div className="run-item__case">{run.currentStatus.CurrentTestCasesName}</div>
          <ProgressBar label={`Flows ${run.caseProgress1}`} value={run.caseProgress} />
          <ProgressBar label={`Steps ${run.stepProgress1}`} value={run.stepProgress} />
        </>
      )}
      <Button variant="danger" onPress={() => void stop()} isDisabled={isStopping} aria-label={`Cancel ${run.testSuiteName}`}>
        Cancel
      </Button>
    </li>
  );
}

/** 'Currently Running' panel of the status sidebar: each queued or running collection with its progress. */
export function RunningCollectionsPanel() {
  const { data, dataUpdatedAt } = useQuery(runningTabDataQuery());
  const runs = data?.runningTestStatus ?? [];
  return (
    <>
      <UpdatedAgo updatedAt={dataUpdatedAt} periodMs={POLL.runningCollectionsMs} />
      {runs.length === 0 ? (
        <p className="run-panel__empty">No collection is running.</p>
      ) : (
        <ul className="run-list" aria-label="Running collections">
          {runs.map((run) => (
            <RunningCollectionItem key={run.statusId} run={run} />
          ))}
        </ul>
      )}
    </>
  );
}
