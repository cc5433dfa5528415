import { apiJson } from '../../../lib/api-client';
import { collectionResponseSchema, type CollectionResponse } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';

/** GET {automation}/testSuite/loadTest?id opens a collection (spec part 1 §7). */
export function loadCollection(id: string): Promise<CollectionResponse> {
  return apiJson(`${endpoints.collections.load}?${new URLSearchParams({ id })}`, collectionResponseSchema);
}
