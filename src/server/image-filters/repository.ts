import { randomUUID } from 'node:crypto';
import {
  IMAGE_FILTER_GROUP_KEYS,
  IMAGE_FILTER_TYPES,
  type ImageFilter,
  type ImageFilterGroups,
  type ImageFilterType,
} from '../../shared/contracts/image-filters';
import type { Db } from '../db/database';
import type { ImageFiltersTable } from '../db/schema-collections';

function toImageFilter(row: ImageFiltersTable): ImageFilter {
  const type = IMAGE_FILTER_TYPES.find((known) => known === row.type);
  if (!type) throw new Error(`Unknown image filter type ${row.type} in the image_filters table`);
  return { id: row.id, type, name: row.name };
}

/** Every filter, grouped under the keys of the getImagesFilters answer, each group by name. */
export async function listImageFilterGroups(db: Db): Promise<ImageFilterGroups> {
  const rows = await db.selectFrom('image_filters').selectAll().orderBy((eb) => eb.fn('lower', ['name'])).execute();
  const groups: ImageFilterGroups = { platforms: [], apps: [], resolutions: [], functionalities: [] };
  for (const filter of rows.map(toImageFilter)) groups[IMAGE_FILTER_GROUP_KEYS[filter.type]].push(filter);
  return groups;
}

/** A filter of the same type and name (ignoring case) raises SQLITE_CONSTRAINT_UNIQUE. */
export async function insertImageFilter(db: Db, type: ImageFilterType, name: string, id: string = randomUUID()): Promise<ImageFilter> {
  const now = new Date().toISOString();
  const row: ImageFiltersTable = { id, type, name, created_at: now, updated_at: now };
  await db.insertInto('image_filters').values(row).execute();
  return toImageFilter(row);
}

/** Renames (and re-kinds) a filter; undefined when there is none. */
export async function updateImageFilter(db: Db, id: string, type: ImageFilterType, name: string): Promise<ImageFilter | undefined> {
  const row = await db
    .updateTable('image_filters')
    .set({ type, name, updated_at: new Date().toISOString() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
  return row && toImageFilter(row);
}

export async function imageFilterExists(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('image_filters').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
