import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { POLL } from '../../../shared/constants';
import { scheduleListResponseSchema, type Schedule } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { controlRoomKeys } from './control-room-keys';
import { scheduleQuery } from './get-schedule';

/** GET {controlroom}/schedule/getSchedules, refreshed every 5 s so that Next Run stays current (part 2 §4). */
export const schedulesQuery = () =>
  queryOptions({
    queryKey: controlRoomKeys.schedules(),
    queryFn: async ({ signal }): Promise<Schedule[]> => (await apiJson(endpoints.schedules.list, scheduleListResponseSchema, { signal })).data,
    ...pollingOptions(POLL.scheduleListMs),
  });

/** One schedule with its execution history, refreshed with the schedule list's period while its History is open. */
export const scheduleHistoryQuery = (id: string) => queryOptions({ ...scheduleQuery(id), ...pollingOptions(POLL.scheduleListMs) });
