import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { QUERY_CACHE_MAX_AGE_MS } from '../../../offline/constants';
import { collectionResponseSchema, type Collection } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { studioKeys } from './studio-keys';

/** GET {automation}/testSuite/loadTest?id opens a collection (spec part 1 §7). */
export const collectionQuery = (id: string) =>
  queryOptions({
    queryKey: studioKeys.collection(id),
    queryFn: async ({ signal }): Promise<Collection> =>
      (await apiJson(`${endpoints.collections.load}?${new URLSearchParams({ id })}`, collectionResponseSchema, { signal })).data,
    // Opened and saved collections are kept as long as the persisted cache (a week), so one opens again offline.
    gcTime: QUERY_CACHE_MAX_AGE_MS,
    // Open asks the server each time; offline the request fails at once, and the kept copy is used (see openCollection).
    staleTime: 0,
    retry: false,
    networkMode: 'always',
  });

/** Keeps a collection as its query's data, with the query's options (its week-long keeping). */
export function keepCollection(queryClient: QueryClient, collection: Collection): Promise<Collection> {
  return queryClient.fetchQuery({ ...collectionQuery(collection.id), queryFn: async () => collection });
}
