import { apiJson } from '../../../lib/api-client';
import { collectionResponseSchema, type Collection, type CollectionResponse } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { STUDIO_MESSAGES } from '../studio-messages';

/** POST {automation}/testSuite/saveTest as a form with the collection as JSON in `testsuite` (spec part 1 §7). */
export function saveCollection(collection: Collection): Promise<CollectionResponse> {
  return apiJson(endpoints.collections.save, collectionResponseSchema, {
    method: 'POST',
    fallbackMessage: STUDIO_MESSAGES.saveFailed,
    body: new URLSearchParams({ testsuite: JSON.stringify(collection) }),
  });
}
