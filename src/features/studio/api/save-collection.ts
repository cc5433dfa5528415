import { apiJson } from '../../../lib/api-client';
import { upsertBy } from '../../../lib/lists';
import { idempotencyHeaders, pendingView, type OfflineMutation } from '../../../offline/outbox';
import {
  collectionResponseSchema,
  toCollectionSummary,
  type Collection,
  type CollectionResponse,
  type CollectionSummary,
} from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { STUDIO_MESSAGES } from '../studio-messages';
import { studioKeys } from './studio-keys';

/** POST {automation}/testSuite/saveTest as a form with the collection as JSON in `testsuite` (spec part 1 §7). */
export function saveCollection(collection: Collection, headers?: Record<string, string>): Promise<CollectionResponse> {
  return apiJson(endpoints.collections.save, collectionResponseSchema, {
    method: 'POST',
    fallbackMessage: STUDIO_MESSAGES.saveFailed,
    body: new URLSearchParams({ testsuite: JSON.stringify(collection) }),
    headers,
  });
}

export const collectionRecord = (id: string) => `collection:${id}`;

/**
 * Saving a collection, offline-capable. A new collection carries the id the Studio made for it (collectionId stays
 * "new" until the server answers), so saving it twice before it synced creates one collection.
 */
export const saveCollectionMutation: OfflineMutation<Collection, CollectionResponse> = {
  mutationKey: [...studioKeys.all, 'saveCollection'],
  scope: ({ id }) => collectionRecord(id),
  describe: ({ testSuiteName }) => `Collection '${testSuiteName.trim()}'`,
  refreshes: () => [studioKeys.collections()],
  shows: (collection) => [pendingView(studioKeys.collections(), (list: CollectionSummary[]) => withListed(list, collection))],
  send: (collection, { idempotencyKey }) => saveCollection(collection, idempotencyHeaders(idempotencyKey)),
};

/** The collection list with `collection` added or renamed, in name order. */
function withListed(list: readonly CollectionSummary[], collection: Collection): CollectionSummary[] {
  return upsertBy(list, toCollectionSummary(collection), (row) => row.id, (a, b) => a.testSuiteName.localeCompare(b.testSuiteName));
}
