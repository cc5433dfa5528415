import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { collectionListResponseSchema, type CollectionSummary } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { interactiveBotsKeys } from './interactive-bots-keys';

/** GET /api/collections/testSuite/getCollectionsList: the collections a bot can start. */
export const botCollectionsQuery = () =>
  queryOptions({
    queryKey: interactiveBotsKeys.collections(),
    queryFn: async ({ signal }): Promise<CollectionSummary[]> => (await apiJson(endpoints.collections.list, collectionListResponseSchema, { signal })).data,
  });
