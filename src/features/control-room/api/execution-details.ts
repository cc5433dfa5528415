import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiJson } from '../../../lib/api-client';
import { scheduleExecutionDetailsResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { controlRoomKeys } from './control-room-keys';

/** One firing with its collections and how each ran. */
export type ExecutionDetails = z.infer<typeof scheduleExecutionDetailsResponseSchema>['data'];

/** A fetch of a firing's details and the query key its answers are kept under. */
export interface ExecutionDetailsSource {
  queryKey: QueryKey;
  fetch: (signal: AbortSignal) => Promise<ExecutionDetails>;
}

/** The collections of one schedule firing (the Collection Execution modal), from the Control Room's getExecutionDetails. */
export const executionDetailsSource = (executionId: string): ExecutionDetailsSource => ({
  queryKey: controlRoomKeys.executionDetails(executionId),
  fetch: async (signal) => (await apiJson(endpoints.schedules.executionDetails(executionId), scheduleExecutionDetailsResponseSchema, { signal })).data,
});
