import { randomUUID } from 'node:crypto';
import { IOS_BUILDER_MESSAGES, IOS_BUILDER_TIMING, type IosBuild, type IosBuildStatus } from '../../shared/contracts/ios-builder';
import { endpoints } from '../../shared/endpoints';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/dialect';
import type { IosBuildsTable } from './schema';

/**
 * iOS builds (spec part 3 §3 iOS build), always read and written within the caller's organization: another
 * organization's build id is the same "not found" as no build.
 */

/** A CREATING build this old was cut off (a restart mid-build); it is FAILED so the organization may start again. */
export const IOS_BUILD_STALE_MS = 10 * 60 * 1000;
export const IOS_BUILD_INTERRUPTED = 'The build was interrupted (the server restarted): please start it again';

export function buildOf(row: IosBuildsTable): IosBuild {
  const finished = row.status === 'FINISHED' && row.file_name !== null;
  return {
    id: row.id,
    Status: row.status,
    URL: finished ? endpoints.iosBuilder.download(row.id) : null,
    currentProgress: row.progress,
    Description: row.description,
    bundleId: row.bundle_id,
    derivedBundleId: row.derived_bundle_id,
    fileName: row.file_name,
    teamId: row.team_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface NewBuild {
  orgId: string;
  userId: string;
  bundleId: string;
  derivedBundleId: string;
}

/** Inserts a CREATING build; undefined when the organization already has one (the partial unique index refuses it). */
export async function insertCreatingBuild(db: Db, build: NewBuild, now = new Date()): Promise<IosBuildsTable | undefined> {
  const at = now.toISOString();
  const row: IosBuildsTable = {
    id: randomUUID(),
    org_id: build.orgId,
    created_by: build.userId,
    status: 'CREATING',
    progress: IOS_BUILDER_TIMING.progressInitial,
    description: IOS_BUILDER_MESSAGES.pleaseWait,
    bundle_id: build.bundleId,
    derived_bundle_id: build.derivedBundleId,
    team_id: null,
    file_name: null,
    created_at: at,
    updated_at: at,
  };
  try {
    await db.insertInto('ios_builds').values(row).execute();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

export interface BuildChange {
  status?: IosBuildStatus;
  progress?: number;
  description?: string | null;
  teamId?: string;
  fileName?: string;
}

export async function updateBuild(db: Db, id: string, change: BuildChange, now = new Date()): Promise<void> {
  await db
    .updateTable('ios_builds')
    .set({
      ...(change.status === undefined ? {} : { status: change.status }),
      ...(change.progress === undefined ? {} : { progress: change.progress }),
      ...(change.description === undefined ? {} : { description: change.description }),
      ...(change.teamId === undefined ? {} : { team_id: change.teamId }),
      ...(change.fileName === undefined ? {} : { file_name: change.fileName }),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    // Only a build still CREATING changes: a finished or failed one is final.
    .where('status', '=', 'CREATING')
    .execute();
}

/** Fails the organization's CREATING build left over from a process that stopped mid-build. */
export async function failStaleBuilds(db: Db, orgId: string, now = new Date()): Promise<void> {
  await db
    .updateTable('ios_builds')
    .set({ status: 'FAILED', description: IOS_BUILD_INTERRUPTED, updated_at: now.toISOString() })
    .where('org_id', '=', orgId)
    .where('status', '=', 'CREATING')
    .where('updated_at', '<', new Date(now.getTime() - IOS_BUILD_STALE_MS).toISOString())
    .execute();
}

export async function latestBuild(db: Db, orgId: string): Promise<IosBuildsTable | undefined> {
  return db.selectFrom('ios_builds').selectAll().where('org_id', '=', orgId).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function findBuild(db: Db, orgId: string, id: string): Promise<IosBuildsTable | undefined> {
  return db.selectFrom('ios_builds').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
}
