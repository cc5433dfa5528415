import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { scheduleExecutionDetailsResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { controlRoomKeys } from './control-room-keys';

/** The collections of one schedule firing (the Collection Execution modal). */
export const executionDetailsQuery = (executionId: string) =>
  queryOptions({
    queryKey: controlRoomKeys.executionDetails(executionId),
    queryFn: async ({ signal }) => (await apiJson(endpoints.schedules.executionDetails(executionId), scheduleExecutionDetailsResponseSchema, { signal })).data,
  });
