import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { apiJson } from '../../../lib/api-client';
import { pollingOptions } from '../../../offline/polling';
import { DATASET_REFRESH_MS, datasetAttributeSchema, isDatasetColumns, type DataBreakdown, type Dataset, type DatasetColumn, type TimeFrame } from '../../../shared/contracts/dashboards';
import { endpoints } from '../../../shared/endpoints';
import { timeFrameRange, type TimeFrameRange } from '../../../lib/time-frame';
import { dashboardsKeys } from './dashboards-keys';

/**
 * The shared datasetResponseSchema, with the columns of thousands of cells checked by one loop (isDatasetColumns)
 * and code instead of a zod union per cell, the bulk of a year's parse: a malformed answer is still rejected, as a whole.
 */
const datasetAnswerSchema = z.object({
  success: z.literal(true),
  data: z
    .object({
      attributes: z.array(datasetAttributeSchema),
      results: z.custom<DatasetColumn[]>(Array.isArray),
      truncated: z.boolean().optional(),
    })
    .refine((data) => isDatasetColumns(data.results, data.attributes.length)),
});

/** The datasets feed reads every collection of the organization for this id list (§7 `{ids}`). */
export const ALL_COLLECTIONS = 'all';

function datasetUrl(orgId: string, breakdown: DataBreakdown, collectionIds: readonly string[], { startDate, endDate }: TimeFrameRange): string {
  const query = new URLSearchParams({ startDate: String(startDate), endDate: String(endDate) });
  if (breakdown === 'capturedData') {
    return `${endpoints.dashboards.datasets(orgId, collectionIds.length > 0 ? collectionIds : [ALL_COLLECTIONS])}?${query}`;
  }
  // botanalytics reads every collection when testChainId is absent.
  if (collectionIds.length > 0) query.set('testChainId', collectionIds.join(','));
  return `${endpoints.dashboards.botAnalytics(orgId)}?${query}`;
}

/**
 * The dataset of one breakdown over a report's collections (none = all) and time frame: Captured Data from the datasets
 * feed, Analytics Data from botanalytics (§7). A preset's range is worked out in whole UTC days, so every element over
 * the same breakdown, in any view, shares one request (§4), refreshed every DATASET_REFRESH_MS. Disabled while the
 * frame lacks a date (§5).
 */
export function datasetQuery(orgId: string, breakdown: DataBreakdown, collectionIds: readonly string[], timeFrame: TimeFrame) {
  const range = timeFrameRange(timeFrame);
  return queryOptions({
    queryKey: dashboardsKeys.dataset(orgId, breakdown, collectionIds, range?.startDate ?? -1, range?.endDate ?? -1),
    queryFn: async ({ signal }): Promise<Dataset> => {
      if (!range) throw new Error('A time frame needs both dates');
      return (await apiJson(datasetUrl(orgId, breakdown, collectionIds, range), datasetAnswerSchema, { signal })).data;
    },
    enabled: range !== null && orgId !== '',
    staleTime: DATASET_REFRESH_MS,
    ...pollingOptions(DATASET_REFRESH_MS),
  });
}
