import type { Selectable } from 'kysely';
import type { FlowQuarantine, QuarantinedFailure, ReleaseKind } from '../../shared/contracts/quarantine';
import type { Db } from '../db/database';
import type { FlowQuarantinesTable } from './schema';

export type FlowQuarantineRow = Selectable<FlowQuarantinesTable>;

export interface FlowKey {
  orgId: string;
  collectionId: string;
  flowId: string;
}

export function toFlowQuarantine(row: FlowQuarantineRow): FlowQuarantine {
  return {
    collectionId: row.collection_id,
    flowId: row.flow_id,
    flowName: row.flow_name,
    reason: row.reason,
    quarantinedBy: row.quarantined_by,
    quarantinedAt: row.quarantined_at,
    released:
      row.released_at === null
        ? null
        : { kind: row.release_kind ?? 'MANUAL', by: row.released_by, at: row.released_at, statusId: row.released_in_run },
  };
}

/** Every flow of the collection ever quarantined, with its latest quarantine, by flow name. */
export function listQuarantines(db: Db, orgId: string, collectionId: string): Promise<FlowQuarantineRow[]> {
  return db
    .selectFrom('flow_quarantines')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('collection_id', '=', collectionId)
    .orderBy('flow_name')
    .orderBy('flow_id')
    .execute();
}

/** The collection's flows in quarantine now. */
export function activeQuarantines(db: Db, orgId: string, collectionId: string): Promise<FlowQuarantineRow[]> {
  return db
    .selectFrom('flow_quarantines')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('collection_id', '=', collectionId)
    .where('released_at', 'is', null)
    .execute();
}

export function findQuarantine(db: Db, key: FlowKey): Promise<FlowQuarantineRow | undefined> {
  return db
    .selectFrom('flow_quarantines')
    .selectAll()
    .where('org_id', '=', key.orgId)
    .where('collection_id', '=', key.collectionId)
    .where('flow_id', '=', key.flowId)
    .executeTakeFirst();
}

/** Puts the flow in quarantine (again): a new quarantine replaces the flow's last one, released or not. */
export async function saveQuarantine(db: Db, key: FlowKey, quarantine: { flowName: string; reason: string; by: string; at: string }): Promise<FlowQuarantineRow> {
  const fresh = {
    flow_name: quarantine.flowName,
    reason: quarantine.reason,
    quarantined_by: quarantine.by,
    quarantined_at: quarantine.at,
    released_at: null,
    released_by: null,
    release_kind: null,
    released_in_run: null,
  };
  await db
    .insertInto('flow_quarantines')
    .values({ org_id: key.orgId, collection_id: key.collectionId, flow_id: key.flowId, ...fresh })
    .onConflict((oc) => oc.columns(['org_id', 'collection_id', 'flow_id']).doUpdateSet(fresh))
    .execute();
  return { org_id: key.orgId, collection_id: key.collectionId, flow_id: key.flowId, ...fresh };
}

/** Ends the flow's quarantine if it is in force; answers whether it was. */
export async function releaseQuarantine(
  db: Db,
  key: FlowKey,
  release: { kind: ReleaseKind; by: string | null; at: string; statusId: string | null },
): Promise<boolean> {
  const updated = await db
    .updateTable('flow_quarantines')
    .set({ released_at: release.at, released_by: release.by, release_kind: release.kind, released_in_run: release.statusId })
    .where('org_id', '=', key.orgId)
    .where('collection_id', '=', key.collectionId)
    .where('flow_id', '=', key.flowId)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  return Number(updated.numUpdatedRows) > 0;
}

export async function recordQuarantinedFailures(db: Db, statusId: string, quarantines: readonly FlowQuarantineRow[]): Promise<void> {
  if (quarantines.length === 0) return;
  await db
    .insertInto('run_quarantined_failures')
    .values(
      quarantines.map((row) => ({
        status_id: statusId,
        flow_id: row.flow_id,
        flow_name: row.flow_name,
        reason: row.reason,
        quarantined_by: row.quarantined_by,
        quarantined_at: row.quarantined_at,
      })),
    )
    .execute();
}

/** The quarantined flows that failed in the run, which its result did not count. */
export async function quarantinedFailuresOf(db: Db, statusId: string): Promise<QuarantinedFailure[]> {
  const rows = await db.selectFrom('run_quarantined_failures').selectAll().where('status_id', '=', statusId).orderBy('flow_name').orderBy('flow_id').execute();
  return rows.map((row) => ({
    flowId: row.flow_id,
    flowName: row.flow_name,
    reason: row.reason,
    quarantinedBy: row.quarantined_by,
    quarantinedAt: row.quarantined_at,
  }));
}
