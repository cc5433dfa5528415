import { http, HttpResponse } from 'msw';
import {
  COLLECTION_OPENED_MESSAGE,
  COLLECTION_SAVED_MESSAGE,
  collectionNotFoundMessage,
  collectionSchema,
  duplicateCollectionNameMessage,
  FIELD_ERROR_KEYS,
  isNewCollectionId,
  ORGANIZATION_TAG,
  savedCollectionSchema,
  saveTagRequestSchema,
  TAG_SAVED_MESSAGE,
  toCollectionSummary,
  VERSION_TAG,
  type Collection,
  type Tag,
  type TestSuiteFeedItem,
} from '../../src/shared/contracts/collections';
import { isClientRecordId } from '../../src/shared/contracts/client-ids';
import type { Device } from '../../src/shared/contracts/devices';
import { endpoints } from '../../src/shared/endpoints';
import { nextId } from './factories';
import { authBackend } from './auth-backend';
import { anyOrigin, bearer, errorResponse } from './handlers';
import { createIdempotencyStore } from './idempotency';
import { devicesListResponse } from './resources-handlers';

/** A collection checked against the contract, so a contract change breaks the tests that use it. */
export function makeCollection(overrides: Partial<Collection> = {}): Collection {
  const id = overrides.id ?? nextId('collection');
  return collectionSchema.parse({ collectionId: id, id, testSuiteName: 'Checkout collection', ...overrides });
}

export function makeTag(overrides: Partial<Tag> & Pick<Tag, 'tagName'>): Tag {
  return { id: nextId('tag'), tagType: 'ORGANIZATION_TAG', hideTag: false, ...overrides };
}

export function makeFeedItem(overrides: Partial<TestSuiteFeedItem> & Pick<TestSuiteFeedItem, 'testSuiteName'>): TestSuiteFeedItem {
  return { id: nextId('collection'), tags: [], version: null, ...overrides };
}

const idempotency = createIdempotencyStore();

/** The fake collections service: what was stored, saved and triggered. */
export const studioBackend = {
  collections: new Map<string, Collection>(),
  tags: [] as Tag[],
  /** The registered resources the Studio offers for a collection's resource choice. */
  devices: [] as Device[],
  saved: [] as Collection[],
  triggered: [] as string[],
  add(collection: Collection): Collection {
    this.collections.set(collection.id, collection);
    return collection;
  },
  reset() {
    this.collections.clear();
    this.tags = [];
    this.devices = [];
    this.saved = [];
    this.triggered = [];
    idempotency.clear();
  },
};

function notFound(id: string) {
  return errorResponse(404, collectionNotFoundMessage(id));
}

/** The server's tag check: `tags` must be organization tags and `version` a version tag of the organization. */
function unknownTagFields(document: Pick<Collection, 'tags' | 'version'>): Record<string, string[]> | null {
  const typeOf = new Map(studioBackend.tags.map((tag) => [tag.id, tag.tagType]));
  const fieldErrors: Record<string, string[]> = {};
  if (document.tags.some((id) => typeOf.get(id) !== ORGANIZATION_TAG)) fieldErrors.tags = [FIELD_ERROR_KEYS.notFound];
  if (document.version !== null && typeOf.get(document.version) !== VERSION_TAG) fieldErrors.version = [FIELD_ERROR_KEYS.notFound];
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : null;
}

/** saveTag as the server answers it: the contract's checks, names unique per type ignoring case (409 NoneOf). */
async function saveTag(request: Request) {
  const parsed = saveTagRequestSchema.safeParse(await request.json());
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [issue.message]]));
    return errorResponse(400, 'Invalid tag', fieldErrors);
  }
  const { tagName, tagType, hideTag } = parsed.data;
  const taken = studioBackend.tags.some((tag) => tag.tagType === tagType && tag.tagName.toLowerCase() === tagName.toLowerCase());
  if (taken) return errorResponse(409, `A tag named '${tagName}' already exists.`, { tagName: [FIELD_ERROR_KEYS.noneOf] });
  const tag = { id: nextId('tag'), tagName, tagType, hideTag };
  studioBackend.tags.push(tag);
  return HttpResponse.json({ success: true, message: TAG_SAVED_MESSAGE, data: tag });
}

/**
 * saveTest as the server answers it: the contract's checks, unique names (ignoring case), generated ids, and a new
 * collection created under the id its client made for it.
 */
async function save(request: Request) {
  // As the real server: a save without a live access token is refused. A replay that lost the race with a refused
  // refresh (the session dropped between reading the outbox and sending) must meet this, not a fake that saves it.
  if (!authBackend.authenticate(bearer(request))) return errorResponse(401, 'Your session has expired.');
  const form = await request.formData();
  const parsed = savedCollectionSchema.safeParse(JSON.parse(String(form.get('testsuite') ?? 'null')));
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), [issue.message]]));
    return errorResponse(400, 'The collection is not valid', fieldErrors);
  }
  const document = parsed.data;
  const unknownTags = unknownTagFields(document);
  if (unknownTags) return errorResponse(400, `Unknown tags: ${Object.keys(unknownTags).join(', ')}`, unknownTags);
  const existingId = isNewCollectionId(document.id) ? undefined : document.id;
  if (existingId && !studioBackend.collections.has(existingId) && !isClientRecordId(existingId)) return notFound(existingId);
  const sameName = [...studioBackend.collections.values()].find(
    (other) => other.id !== existingId && other.testSuiteName.toLowerCase() === document.testSuiteName.toLowerCase(),
  );
  if (sameName) return errorResponse(409, duplicateCollectionNameMessage(document.testSuiteName), { testSuiteName: [FIELD_ERROR_KEYS.noneOf] });
  const id = existingId ?? nextId('collection');
  const stored = studioBackend.add({ ...document, id, collectionId: id, testSuiteId: id, updatedDate: new Date().toISOString() });
  studioBackend.saved.push(document);
  return HttpResponse.json({ status: true, message: COLLECTION_SAVED_MESSAGE, data: stored });
}

export const studioHandlers = [
  http.get(anyOrigin(endpoints.collections.list), () =>
    HttpResponse.json({ success: true, data: [...studioBackend.collections.values()].map(toCollectionSummary) }),
  ),
  http.get(anyOrigin(endpoints.collections.load), ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    const collection = studioBackend.collections.get(id);
    return collection ? HttpResponse.json({ status: true, message: COLLECTION_OPENED_MESSAGE, data: collection }) : notFound(id);
  }),
  http.post(anyOrigin(endpoints.collections.save), idempotency.honour(save)),
  http.get(anyOrigin(endpoints.runs.trigger), ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    if (!studioBackend.collections.has(id)) return notFound(id);
    studioBackend.triggered.push(id);
    return HttpResponse.json({ status: true, message: 'Test Suite Executed...', data: { statusId: nextId('run') } });
  }),
  http.get(anyOrigin(endpoints.tags.all), () => HttpResponse.json({ success: true, data: studioBackend.tags })),
  http.post(anyOrigin(endpoints.tags.save), ({ request }) => saveTag(request)),
  http.get(anyOrigin(endpoints.devices.list), () => devicesListResponse(studioBackend.devices)),
];
