import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { runDetailsResponseSchema, type RunDetails } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { reportKeys } from './report-keys';

/** GET /stats/getDetails?id: everything the collection report shows about one run. */
export const runDetailsQuery = (statusId: string) =>
  queryOptions({
    queryKey: reportKeys.details(statusId),
    queryFn: async ({ signal }): Promise<RunDetails> =>
      (await apiJson(`${endpoints.runs.details}?${new URLSearchParams({ id: statusId })}`, runDetailsResponseSchema, { signal })).data,
  });
