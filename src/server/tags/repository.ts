import { randomUUID } from 'node:crypto';
import { TAG_TYPES, type Tag, type TagType } from '../../shared/contracts/collections';
import type { Db } from '../db/database';
import type { TagsTable } from '../db/schema-collections';

function toTagType(value: string): TagType {
  const tagType = TAG_TYPES.find((type) => type === value);
  if (!tagType) throw new Error(`Unknown tag type ${value} in the tags table`);
  return tagType;
}

export function toTag(row: TagsTable): Tag {
  return { id: row.id, tagName: row.tag_name, tagType: toTagType(row.tag_type), hideTag: row.hide_tag === 1 };
}

/** The organization's tags, version tags first, each group by name. */
export async function listTags(db: Db, orgId: string): Promise<Tag[]> {
  const rows = await db
    .selectFrom('tags')
    .selectAll()
    .where('org_id', '=', orgId)
    .orderBy('tag_type', 'desc')
    .orderBy((eb) => eb.fn('lower', ['tag_name']))
    .execute();
  return rows.map(toTag);
}

export interface NewTag {
  orgId: string;
  tagName: string;
  tagType: TagType;
  hideTag: boolean;
}

/** A tag of the same type and name (ignoring case) in the organization raises SQLITE_CONSTRAINT_UNIQUE. */
export async function insertTag(db: Db, tag: NewTag): Promise<Tag> {
  const row: TagsTable = {
    id: randomUUID(),
    org_id: tag.orgId,
    tag_name: tag.tagName,
    tag_type: tag.tagType,
    hide_tag: tag.hideTag ? 1 : 0,
    created_at: new Date().toISOString(),
  };
  await db.insertInto('tags').values(row).execute();
  return toTag(row);
}
