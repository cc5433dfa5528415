import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  COLLECTION_SAVED_MESSAGE,
  collectionNotFoundMessage,
  collectionResponseSchema,
  duplicateCollectionNameMessage,
  FIELD_ERROR_KEYS,
  isNewCollectionId,
  saveCollectionFormSchema,
  savedCollectionSchema,
  type Collection,
} from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { isUniqueViolation } from '../../db/dialect';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { fieldErrorsOf } from '../../http/validation';
import type { Api } from '../../services';
import { saveByClientId } from '../../db/saveByClientId';
import { collectionIdTaken, insertCollection, updateCollection, type CollectionAuthor } from '../repository';
import { assertKnownTags } from '../tagReferences';

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];
const MISSING_BODY_MESSAGE = 'Send the collection as JSON in the testsuite form field, or as a JSON body.';

function invalid(message: string, fieldErrors: Record<string, string[]>): ApiError {
  return new ApiError(400, message, {}, fieldErrors);
}

/** The legacy client posts the collection as JSON text in the form field `testsuite`; it gets the JSON body's checks. */
function parseFormCollection(testsuite: string): Collection {
  let document: unknown;
  try {
    document = JSON.parse(testsuite);
  } catch {
    throw invalid('The testsuite field is not valid JSON.', { testsuite: ['json'] });
  }
  const parsed = savedCollectionSchema.safeParse(document);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    throw invalid(`The collection is not valid: ${Object.keys(fieldErrors).join(', ')}`, fieldErrors);
  }
  return parsed.data;
}

/** The stored id the save targets, or undefined for a new collection. */
function targetId(collection: Collection): string | undefined {
  const ids = [collection.collectionId, collection.id].filter((id) => !isNewCollectionId(id)).map((id) => id.trim());
  if (ids.length === 2 && ids[0] !== ids[1]) {
    throw invalid('collectionId and id name different collections.', { id: ['mismatch'] });
  }
  return ids[0];
}

function isForm(c: Context): boolean {
  const contentType = c.req.header('content-type')?.toLowerCase() ?? '';
  return FORM_TYPES.some((type) => contentType.startsWith(type));
}

export function registerSaveCollection({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'post',
      path: endpoints.collections.save,
      tags: ['Collections'],
      summary: 'Create or update a collection',
      description:
        'A collection whose collectionId and id are empty or "new" is created with a generated id; otherwise the stored ' +
        'collection of that id is replaced. An id no collection has, made by the client as a UUID for a new collection, ' +
        'creates the collection under it (a collection created offline and saved again before it synced stays one); ' +
        'any other unknown id answers 404. The name is trimmed and must be unique (ignoring case) in the organization. ' +
        "Each step's fields are checked as its action needs them (Open URL a URL, Click an element, ...): a refused field " +
        'is named in fieldErrors as <list>.<flow>.steps.<step>.<target|value> with its message.',
      request: {
        body: {
          required: false,
          content: {
            'application/json': { schema: savedCollectionSchema },
            'application/x-www-form-urlencoded': { schema: saveCollectionFormSchema },
            'multipart/form-data': { schema: saveCollectionFormSchema },
          },
        },
      },
      responses: {
        200: { description: 'The saved collection.', content: { 'application/json': { schema: collectionResponseSchema } } },
        404: { description: 'No live collection of that id.', content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'Another collection has that name (fieldErrors NoneOf).', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    // Without a content type neither validator ran: there is no collection to save.
    if (!c.req.header('content-type')) throw invalid(MISSING_BODY_MESSAGE, { testsuite: [FIELD_ERROR_KEYS.required] });
    const submitted = isForm(c) ? c.req.valid('form') : c.req.valid('json');
    const collection = 'testsuite' in submitted ? parseFormCollection(submitted.testsuite) : submitted;

    const user = currentUser(c);
    const author: CollectionAuthor = { orgId: user.row.org_id, userId: user.row.user_id };
    const id = targetId(collection);
    await assertKnownTags(services.db, author.orgId, collection);
    let saved: Collection | undefined;
    try {
      saved =
        id === undefined
          ? await insertCollection(services.db, collection, author)
          : await saveByClientId(id, {
              update: () => updateCollection(services.db, id, collection, author),
              exists: () => collectionIdTaken(services.db, id),
              insert: () => insertCollection(services.db, collection, author, id),
            });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new ApiError(409, duplicateCollectionNameMessage(collection.testSuiteName), {}, { testSuiteName: [FIELD_ERROR_KEYS.noneOf] });
    }
    if (!saved) throw new ApiError(404, collectionNotFoundMessage(id ?? ''));
    return c.json({ status: true as const, message: COLLECTION_SAVED_MESSAGE, data: saved }, 200);
  });
}
