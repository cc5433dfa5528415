import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { collectionListResponseSchema, type CollectionSummary } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { controlRoomKeys } from './control-room-keys';

/** GET /api/collections/testSuite/getCollectionsList (part 2 §7 Schedules): what a schedule can run. Deleted ones are left out. */
export const collectionsQuery = () =>
  queryOptions({
    queryKey: controlRoomKeys.collections(),
    queryFn: async ({ signal }): Promise<CollectionSummary[]> =>
      (await apiJson(endpoints.collections.list, collectionListResponseSchema, { signal })).data.filter((collection) => collection.result !== 'deleted'),
  });
