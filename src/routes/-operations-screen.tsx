import { Suspense } from 'react';
import { CollectionExecutionDialog } from '../features/control-room/components/CollectionExecutionDialog';
import { ScheduleQueueTable } from '../features/control-room/components/ScheduleQueueTable';
import { fetchFiringReport } from '../features/operations/api/runs-report';
import { scheduleSummaryDetailSource } from '../features/operations/api/schedule-summary-detail';
import { OperationsCentrePage } from '../features/operations/pages/OperationsCentrePage';
import { getStoredUser } from '../lib/session';
import { hasPermission } from '../shared/permissions';
import { CollectionReport } from './-collection-report';

/**
 * The Operations Centre with what other areas own, composed here because features do not import each other: the
 * collection report (reports), and the Control Room's Collection Execution modal (fed by scheduleSummaryDetail) and
 * schedule queue, the latter only for a user with CONTROL_ROOM (its calls need it).
 */
export function OperationsScreen() {
  const mayUseControlRoom = hasPermission(getStoredUser()?.permissions.features, 'CONTROL_ROOM');
  return (
    <OperationsCentrePage
      renderCollectionReport={(statusId, onClose) => (
        <Suspense fallback={null}>
          <CollectionReport statusId={statusId} onClose={onClose} />
        </Suspense>
      )}
      renderScheduleExecution={(firing, onClose) => (
        <CollectionExecutionDialog executionId={firing.id} detailsSource={scheduleSummaryDetailSource(firing.id)} fetchReport={fetchFiringReport} onClose={onClose} />
      )}
      scheduleQueue={mayUseControlRoom ? <ScheduleQueueTable /> : undefined}
    />
  );
}
