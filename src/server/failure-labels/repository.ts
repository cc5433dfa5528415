import { randomUUID } from 'node:crypto';
import type { CollectionLabel, FailureLabel } from '../../shared/contracts/labels';
import type { Db } from '../db/database';

export async function listFailureLabels(db: Db, orgId: string): Promise<FailureLabel[]> {
  return db
    .selectFrom('failure_labels')
    .select(['id as labelId', 'label_name as labelName'])
    .where('org_id', '=', orgId)
    .orderBy((eb) => eb.fn('lower', ['label_name']))
    .execute();
}

/**
 * A label of the same name (ignoring case) in the organization raises SQLITE_CONSTRAINT_UNIQUE; one of a taken id
 * SQLITE_CONSTRAINT_PRIMARYKEY.
 */
export async function insertFailureLabel(db: Db, orgId: string, labelName: string, id: string = randomUUID()): Promise<FailureLabel> {
  const now = new Date().toISOString();
  await db.insertInto('failure_labels').values({ id, org_id: orgId, label_name: labelName, created_at: now, updated_at: now }).execute();
  return { labelId: id, labelName };
}

/** Renames a label of the organization; undefined when there is none. */
export async function renameFailureLabel(db: Db, orgId: string, labelId: string, labelName: string): Promise<FailureLabel | undefined> {
  const row = await db
    .updateTable('failure_labels')
    .set({ label_name: labelName, updated_at: new Date().toISOString() })
    .where('id', '=', labelId)
    .where('org_id', '=', orgId)
    .returning(['id as labelId', 'label_name as labelName'])
    .executeTakeFirst();
  return row;
}

export async function findFailureLabel(db: Db, orgId: string, labelId: string): Promise<FailureLabel | undefined> {
  return db
    .selectFrom('failure_labels')
    .select(['id as labelId', 'label_name as labelName'])
    .where('id', '=', labelId)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

/** The organization's label attached to the run `statusId`, if any. */
export async function findCollectionLabel(db: Db, orgId: string, statusId: string): Promise<CollectionLabel | undefined> {
  return db
    .selectFrom('collection_labels')
    .innerJoin('failure_labels', 'failure_labels.id', 'collection_labels.label_id')
    .select(['collection_labels.status_id as statusId', 'failure_labels.id as labelId', 'failure_labels.label_name as labelName'])
    .where('collection_labels.status_id', '=', statusId)
    .where('failure_labels.org_id', '=', orgId)
    .executeTakeFirst();
}

/** Attaches `labelId` to the run, replacing its earlier label. */
export async function attachCollectionLabel(db: Db, statusId: string, labelId: string, userId: string): Promise<void> {
  const now = new Date().toISOString();
  await db
    .insertInto('collection_labels')
    .values({ status_id: statusId, label_id: labelId, updated_by: userId, updated_at: now })
    .onConflict((oc) => oc.column('status_id').doUpdateSet({ label_id: labelId, updated_by: userId, updated_at: now }))
    .execute();
}

/** Removes the organization's label from the run. */
export async function detachCollectionLabel(db: Db, orgId: string, statusId: string): Promise<void> {
  await db
    .deleteFrom('collection_labels')
    .where('status_id', '=', statusId)
    .where('label_id', 'in', (eb) => eb.selectFrom('failure_labels').select('id').where('org_id', '=', orgId))
    .execute();
}
