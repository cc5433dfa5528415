import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { HEALTH_RETRIES, HEALTH_RETRY_DELAY_MS, POLL } from '../../../shared/constants';
import { healthStatusResponseSchema, type HealthItem } from '../../../shared/contracts/health';
import { endpoints } from '../../../shared/endpoints';
import { healthKeys } from './health-keys';

/**
 * GET /api/health/status, polled every 5 s; a poll fails only after 2 retries 1 s apart (spec part 1 §7 Health, §9), then
 * the next poll backs off like every other.
 */
export const healthStatusQuery = () =>
  queryOptions({
    queryKey: healthKeys.status(),
    queryFn: async ({ signal }): Promise<HealthItem[]> => (await apiJson(endpoints.health.status, healthStatusResponseSchema, { signal })).data,
    ...pollingOptions(POLL.healthMs),
    retry: HEALTH_RETRIES,
    retryDelay: HEALTH_RETRY_DELAY_MS,
  });

/** A service is operational when its latest check succeeded. */
export function isOperational(item: HealthItem): boolean {
  return item.data[0]?.testSuccess === true;
}
