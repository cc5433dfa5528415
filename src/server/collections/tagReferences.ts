import { FIELD_ERROR_KEYS, ORGANIZATION_TAG, VERSION_TAG, type Collection } from '../../shared/contracts/collections';
import type { Db } from '../db/database';
import { ApiError } from '../http/apiError';

/** A collection may carry only its organization's tags: organization tags in `tags`, a version tag as `version`. */
export async function assertKnownTags(db: Db, orgId: string, collection: Pick<Collection, 'tags' | 'version'>): Promise<void> {
  const wanted = [...collection.tags, ...(collection.version === null ? [] : [collection.version])];
  if (wanted.length === 0) return;
  const rows = await db.selectFrom('tags').select(['id', 'tag_type']).where('org_id', '=', orgId).where('id', 'in', wanted).execute();
  const typeOf = new Map(rows.map((row) => [row.id, row.tag_type]));
  const fieldErrors: Record<string, string[]> = {};
  if (collection.tags.some((id) => typeOf.get(id) !== ORGANIZATION_TAG)) fieldErrors.tags = [FIELD_ERROR_KEYS.notFound];
  if (collection.version !== null && typeOf.get(collection.version) !== VERSION_TAG) fieldErrors.version = [FIELD_ERROR_KEYS.notFound];
  if (Object.keys(fieldErrors).length > 0) {
    throw new ApiError(400, `Unknown tags: ${Object.keys(fieldErrors).join(', ')}`, {}, fieldErrors);
  }
}
