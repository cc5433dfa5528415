import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { testSuiteFeedResponseSchema, type TestSuiteFeedItem } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { dashboardsKeys } from '../api/dashboards-keys';

/** The test plans a report may read: the organization's collections from the dashboard feed (part 3 §7). */
export const testPlansQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...dashboardsKeys.all, 'test-plans', orgId] as const,
    queryFn: async ({ signal }): Promise<TestSuiteFeedItem[]> =>
      (await apiJson(endpoints.collections.testSuitesFeed(orgId), testSuiteFeedResponseSchema, { signal })).data,
    enabled: orgId !== '',
  });
