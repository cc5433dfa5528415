import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../lib/api-client';
import { reachability } from '../../lib/reachability';
import { SAVED_OFFLINE_MESSAGE } from '../../offline/pending-texts';
import { useAppOfflineQueues } from '../../offline/offline-queues';
import { useOfflineMutation } from '../../offline/use-offline-mutation';
import type { SaveScheduleInput, Schedule } from '../../shared/contracts/schedules';
import { toast } from '../../ui/toast-queue';
import { controlRoomKeys } from './api/control-room-keys';
import { getSchedule } from './api/get-schedule';
import { saveScheduleMutation, scheduleRecord, withScheduleId } from './api/save-schedule';
import { schedulesQuery } from './api/schedules';
import { CONTROL_ROOM_MESSAGES as M } from './control-room-messages';
import { scheduleWithSave } from './schedule-rows';

/**
 * Schedule saves that work offline. `latest` is the schedule a change starts from: the user's newest save still
 * waiting to sync, else the server's latest (getSchedule), else, when the server cannot be reached, the listed row, so
 * a toggle or an edit made offline needs no request. `save` sends a save or keeps it in the outbox, showing a kept
 * save in the list at once; it resolves with the schedule's id and rejects with the server's refusal.
 */
export function useScheduleSaves() {
  const queryClient = useQueryClient();
  const { outbox } = useAppOfflineQueues();
  const { mutateAsync } = useOfflineMutation(saveScheduleMutation);

  // Both close over stable values only (the client, the outbox, mutateAsync), so they keep their identity across renders.
  const latest = useCallback(
    async (id: string): Promise<Schedule> => {
      const row = queryClient.getQueryData(schedulesQuery().queryKey)?.find((listedRow) => listedRow.id === id);
      const waiting = await outbox.latestPending(saveScheduleMutation, scheduleRecord(id));
      const kept = waiting && scheduleWithSave(row, waiting, Date.now());
      if (kept) return kept;
      // The listed row serves when the server gives no answer (known unreachable: without asking again).
      if (row && !reachability.isReachable()) return row;
      try {
        return await getSchedule(id);
      } catch (error) {
        if (row && error instanceof ApiError && error.status === 0) return row;
        throw error;
      }
    },
    [queryClient, outbox],
  );

  const save = useCallback(
    async (body: SaveScheduleInput): Promise<string> => {
      const sent = withScheduleId(body);
      const outcome = await mutateAsync(sent);
      if (outcome.state === 'queued') {
        // The list shows it (usePendingOverlay), marked, until the save reaches the server.
        toast.info(SAVED_OFFLINE_MESSAGE);
        return sent.id;
      }
      toast.success(M.scheduleSaved);
      await queryClient.invalidateQueries({ queryKey: controlRoomKeys.schedules() });
      return outcome.data.id;
    },
    [queryClient, mutateAsync],
  );

  return { latest, save };
}
