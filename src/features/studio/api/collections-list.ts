import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { collectionListResponseSchema, type CollectionSummary } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { studioKeys } from './studio-keys';

/** GET /api/collections/testSuite/getCollectionsList (spec part 1 §7). */
export const collectionsListQuery = () =>
  queryOptions({
    queryKey: studioKeys.collections(),
    queryFn: async ({ signal }): Promise<CollectionSummary[]> => (await apiJson(endpoints.collections.list, collectionListResponseSchema, { signal })).data,
  });
