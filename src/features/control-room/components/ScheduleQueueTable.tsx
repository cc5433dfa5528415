import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDate } from '../../../lib/dates';
import { UpdatedAgo } from '../../../offline/components/UpdatedAgo';
import { POLL } from '../../../shared/constants';
import type { Tag } from '../../../shared/contracts/collections';
import type { QueuedSchedule } from '../../../shared/contracts/schedules';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { toast } from '../../../ui/toast-queue';
import { cancelQueuedSchedule } from '../api/cancel-queued-schedule';
import { controlRoomKeys } from '../api/control-room-keys';
import { scheduleQueueQuery } from '../api/schedule-queue';
import { tagsQuery } from '../api/tags';
import { CONTROL_ROOM_MESSAGES as M } from '../control-room-messages';
import { userTimeZone } from '../schedule-form';
import { CollectionExecutionDialog } from './CollectionExecutionDialog';
import { CompactTable } from './CompactTable';
import '../control-room.css';

const COLUMNS = [
  { id: 'name', header: 'Schedule Name', isRowHeader: true },
  { id: 'tags', header: 'Tags' },
  { id: 'versions', header: 'Versions' },
  { id: 'collections', header: 'Collection (Queued / Total)' },
  { id: 'startTime', header: 'Time Triggered' },
  { id: 'actions', header: 'Actions', width: 120 },
] as const;

const tagNames = (ids: readonly string[], tags: readonly Tag[]) => ids.map((id) => tags.find((tag) => tag.id === id)?.tagName ?? id).join(', ');

/** The Control Room queue (part 2 §2): schedule firings whose collections have not all run, polled every 15 s. */
export function ScheduleQueueTable() {
  const queryClient = useQueryClient();
  const queue = useQuery(scheduleQueueQuery());
  const tags = useQuery(tagsQuery());
  const zone = userTimeZone();
  const [toCancel, setToCancel] = useState<QueuedSchedule | null>(null);
  const [shown, setShown] = useState<QueuedSchedule | null>(null);

  const cancel = async (item: QueuedSchedule) => {
    setToCancel(null);
    try {
      await cancelQueuedSchedule(item.id);
    } catch (error) {
      toast.error(M.cancelFailed(error instanceof Error ? error.message : ''));
      return;
    }
    toast.success(M.scheduleCancelled);
    queryClient.setQueryData<QueuedSchedule[]>(controlRoomKeys.queue(), (items) => items?.filter((other) => other.id !== item.id));
    await queryClient.invalidateQueries({ queryKey: controlRoomKeys.queue() });
  };

  const renderCell = (item: QueuedSchedule, columnId: string) => {
    switch (columnId) {
      case 'name':
        return (
          <Button variant="ghost" className="control-room__link" onPress={() => setShown(item)}>
            {item.name}
          </Button>
        );
      case 'tags':
        return tagNames(item.collectionTags, tags.data ?? []);
      case 'versions':
        return tagNames(item.versionTags, tags.data ?? []);
      case 'collections':
        return `${item.collectionsInQueue} / ${item.totalCollections}`;
      case 'startTime':
        return formatDate(item.startTime, undefined, zone);
      default:
        return (
          <Button variant="danger" aria-label={`Cancel ${item.name}`} onPress={() => setToCancel(item)}>
            Cancel
          </Button>
        );
    }
  };

  return (
    <section className="control-room__section" aria-labelledby="schedule-queue-title">
      <div className="control-room__section-header">
        <h2 id="schedule-queue-title">Queue</h2>
      </div>
      <UpdatedAgo updatedAt={queue.dataUpdatedAt} periodMs={POLL.queuedSchedulesMs} />
      {/* 'Unable to load' is for a queue that never loaded; a failed poll keeps the last rows, marked with their age. */}
      {queue.isError && !queue.data && <p role="alert">{M.queueLoadFailed}</p>}
      <CompactTable label="Queued schedules" columns={COLUMNS} rows={queue.data ?? []} renderCell={renderCell} />
      <ConfirmDialog
        isOpen={toCancel !== null}
        message={M.confirmStopSchedule}
        onCancel={() => setToCancel(null)}
        onConfirm={() => {
          if (toCancel) void cancel(toCancel);
        }}
      />
      {shown && (
        <CollectionExecutionDialog executionId={shown.scheduleExecutionHistoryId} onClose={() => setShown(null)} />
      )}
    </section>
  );
}
