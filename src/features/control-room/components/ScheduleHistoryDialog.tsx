import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../lib/dates';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { POLL } from '../../../shared/constants';
import type { ScheduleExecution } from '../../../shared/contracts/schedules';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { scheduleHistoryQuery } from '../api/schedules';
import { userTimeZone } from '../schedule-form';
import { CollectionExecutionDialog } from './CollectionExecutionDialog';
import { CompactTable } from './CompactTable';

const COLUMNS = [
  { id: 'triggeredAt', header: 'Time Triggered', isRowHeader: true },
  { id: 'kind', header: 'Kind' },
  { id: 'status', header: 'Status' },
  { id: 'totalCollections', header: 'Collections' },
  { id: 'notes', header: 'Notes' },
  { id: 'actions', header: 'Actions', width: 120 },
] as const;

const KIND_LABELS: Record<ScheduleExecution['kind'], string> = { SCHEDULED: 'Scheduled', RUN_NOW: 'Run Now', CATCH_UP: 'Caught up', MISSED: 'Missed' };

export interface ScheduleHistoryDialogProps {
  scheduleId: string;
  onClose: () => void;
}

/** The execution history of one schedule (the spec keeps executionHistory on the schedule): each firing, its notes, its collections. */
export function ScheduleHistoryDialog({ scheduleId, onClose }: ScheduleHistoryDialogProps) {
  const schedule = useQuery(scheduleHistoryQuery(scheduleId));
  const zone = userTimeZone();
  const [shown, setShown] = useState<string | null>(null);

  const renderCell = (execution: ScheduleExecution, columnId: string) => {
    switch (columnId) {
      case 'triggeredAt':
        return formatDate(execution.triggeredAt, undefined, zone);
      case 'kind':
        return KIND_LABELS[execution.kind];
      case 'status':
        return execution.status;
      case 'totalCollections':
        return String(execution.totalCollections);
      case 'notes':
        return execution.notes.map((note) => note.text).join(' · ');
      default:
        return (
          <Button variant="ghost" aria-label={`Collections of ${formatDate(execution.triggeredAt, undefined, zone)}`} onPress={() => setShown(execution.id)}>
            Collections
          </Button>
        );
    }
  };

  return (
    <Dialog title={schedule.data ? `History: ${schedule.data.name}` : 'History'} isOpen size="extra-large" onDismiss={onClose} footer={<Button variant="primary" onPress={onClose}>Close</Button>}>
      <UpdatedAgo updatedAt={schedule.dataUpdatedAt} periodMs={POLL.scheduleListMs} />
      {schedule.isError && !schedule.data && <p role="alert">{schedule.error.message}</p>}
      <CompactTable label="Schedule history" columns={COLUMNS} rows={schedule.data?.executionHistory ?? []} renderCell={renderCell} />
      {shown && <CollectionExecutionDialog executionId={shown} onClose={() => setShown(null)} />}
    </Dialog>
  );
}
