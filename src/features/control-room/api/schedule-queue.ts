import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import { scheduleQueueResponseSchema, type QueuedSchedule } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { CONTROL_ROOM_MESSAGES } from '../control-room-messages';
import { controlRoomKeys } from './control-room-keys';

/** GET {controlroom}/scheduleQueue/getQueue, polled every 15 s (part 2 §4). */
export const scheduleQueueQuery = () =>
  queryOptions({
    queryKey: controlRoomKeys.queue(),
    queryFn: async ({ signal }): Promise<QueuedSchedule[]> =>
      (await apiJson(endpoints.schedules.queue, scheduleQueueResponseSchema, { signal, fallbackMessage: CONTROL_ROOM_MESSAGES.queueLoadFailed })).data,
    ...pollingOptions(POLL.queuedSchedulesMs),
  });
