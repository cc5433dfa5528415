import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { collectionSchema, type Collection } from '../../shared/contracts/collections';
import type { Db } from '../db/database';
import type { CollectionsTable } from '../db/schema-collections';

export const DELETED_RESULT = 'deleted';

const tagIdsSchema = z.array(z.string());

/** The stored document, with the identity, name, tags, version and audit fields the columns hold. */
export function toCollection(row: CollectionsTable): Collection {
  const document = collectionSchema.parse(JSON.parse(row.document));
  return {
    ...document,
    collectionId: row.id,
    id: row.id,
    testSuiteId: row.id,
    testSuiteName: row.name,
    tags: tagIdsSchema.parse(JSON.parse(row.tags)),
    version: row.version,
    createdBy: row.created_by,
    createdDate: row.created_at,
    updatedBy: row.updated_by,
    updatedDate: row.updated_at,
    ...(row.deleted ? { result: DELETED_RESULT } : {}),
  };
}

/** A live (not deleted) collection by id; `orgId` limits the search to one organization. */
export async function findCollection(db: Db, id: string, orgId?: string): Promise<Collection | undefined> {
  const row = await db
    .selectFrom('collections')
    .selectAll()
    .where('id', '=', id)
    .where('deleted', '=', 0)
    .$if(orgId !== undefined, (qb) => qb.where('org_id', '=', orgId ?? ''))
    .executeTakeFirst();
  return row && toCollection(row);
}

export interface CollectionListFilter {
  orgId?: string;
  /** Deleted collections are listed with result 'deleted' so a client can show them disabled. */
  includeDeleted?: boolean;
}

/** Collections ordered by name. */
export async function listCollections(db: Db, filter: CollectionListFilter = {}): Promise<Collection[]> {
  const rows = await db
    .selectFrom('collections')
    .selectAll()
    .$if(filter.orgId !== undefined, (qb) => qb.where('org_id', '=', filter.orgId ?? ''))
    .$if(!filter.includeDeleted, (qb) => qb.where('deleted', '=', 0))
    .orderBy((eb) => eb.fn('lower', ['name']))
    .execute();
  return rows.map(toCollection);
}

/** Counts every collection ever stored, deleted ones included. */
export async function countAllCollections(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('collections')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export interface CollectionAuthor {
  orgId: string;
  /** The user's sign-in name, shown as createdBy / updatedBy. */
  userId: string;
}

/**
 * Stores a new collection under a fresh id, or the id its client made for it. A live collection of the same name raises
 * SQLITE_CONSTRAINT_UNIQUE.
 */
export async function insertCollection(db: Db, collection: Collection, author: CollectionAuthor, id: string = randomUUID()): Promise<Collection> {
  const now = new Date().toISOString();
  const row: CollectionsTable = {
    id,
    org_id: author.orgId,
    name: collection.testSuiteName,
    document: JSON.stringify(collection),
    tags: JSON.stringify(collection.tags),
    version: collection.version,
    created_by: author.userId,
    created_at: now,
    updated_by: author.userId,
    updated_at: now,
    deleted: 0,
  };
  await db.insertInto('collections').values(row).execute();
  return toCollection(row);
}

/** Replaces the document of a live collection of the author's organization; undefined when there is none. */
export async function updateCollection(db: Db, id: string, collection: Collection, author: CollectionAuthor): Promise<Collection | undefined> {
  const row = await db
    .updateTable('collections')
    .set({
      name: collection.testSuiteName,
      document: JSON.stringify(collection),
      tags: JSON.stringify(collection.tags),
      version: collection.version,
      updated_by: author.userId,
      updated_at: new Date().toISOString(),
    })
    .where('id', '=', id)
    .where('org_id', '=', author.orgId)
    .where('deleted', '=', 0)
    .returningAll()
    .executeTakeFirst();
  return row && toCollection(row);
}

/** Whether any collection (of any organization, deleted or not) has the id. */
export async function collectionIdTaken(db: Db, id: string): Promise<boolean> {
  return (await db.selectFrom('collections').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}
