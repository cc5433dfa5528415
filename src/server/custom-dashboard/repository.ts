import { randomUUID } from 'node:crypto';
import { FIELD_ERROR_KEYS } from '../../shared/contracts/collections';
import {
  OVERALL_PROJECT_NAME,
  PROJECT_MESSAGES,
  type Project,
  type ProjectListItem,
  type UpdateProjectRequest,
} from '../../shared/contracts/custom-dashboard';
import type { Db } from '../db/database';
import { isUniqueViolation } from '../db/dialect';
import { ApiError } from '../http/apiError';

/**
 * Projects with KPI goals (spec part 3 §3, §4; issue 17), always read and written within the caller's organization:
 * another organization's project id is the same 404 as no project, so ids are never confirmed across organizations.
 */

export const projectNotFound = (projectId: string) => new ApiError(404, PROJECT_MESSAGES.notFound(projectId));
const nameTaken = (name: string) => new ApiError(409, PROJECT_MESSAGES.nameTaken(name), {}, { projectName: [FIELD_ERROR_KEYS.noneOf] });

export async function listProjects(db: Db, orgId: string): Promise<ProjectListItem[]> {
  return db
    .selectFrom('projects')
    .select(['id as projectId', 'name as projectName'])
    .where('org_id', '=', orgId)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('id')
    .execute();
}

/** The project with its links, their names as they are now, and its date tags by date; undefined when none. */
export async function findProject(db: Db, orgId: string, projectId: string): Promise<Project | undefined> {
  const row = await db.selectFrom('projects').selectAll().where('id', '=', projectId).where('org_id', '=', orgId).executeTakeFirst();
  if (!row) return undefined;
  const [collections, schedules, tags] = await Promise.all([
    db
      .selectFrom('project_collections as link')
      .innerJoin('collections as collection', 'collection.id', 'link.collection_id')
      .select(['collection.id as collectionId', 'collection.name as collectionName'])
      .where('link.project_id', '=', projectId)
      .orderBy('link.position')
      .execute(),
    db
      .selectFrom('project_schedules as link')
      .innerJoin('schedules as schedule', 'schedule.id', 'link.schedule_id')
      .select(['schedule.id as scheduleId', 'schedule.name as scheduleName'])
      .where('link.project_id', '=', projectId)
      .orderBy('link.position')
      .execute(),
    db.selectFrom('project_date_tags').select(['tag as projectTag', 'date']).where('project_id', '=', projectId).orderBy('date').orderBy('tag').execute(),
  ]);
  return {
    projectId: row.id,
    projectName: row.name,
    projectGoal: row.goal,
    collectionsData: collections,
    schedulesData: schedules,
    projectDateTags: tags,
  };
}

/** 'Overall' is the selector's entry for the whole organization, so no project may take that name. */
const isReservedName = (name: string) => name.toLowerCase() === OVERALL_PROJECT_NAME.toLowerCase();

export async function insertProject(db: Db, orgId: string, name: string, userId: string): Promise<ProjectListItem> {
  if (isReservedName(name)) throw nameTaken(name);
  const id = randomUUID();
  const now = new Date().toISOString();
  try {
    await db
      .insertInto('projects')
      .values({ id, org_id: orgId, name, goal: null, created_by: userId, created_at: now, updated_at: now })
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    throw error;
  }
  return { projectId: id, projectName: name };
}

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

/**
 * Refuses, as field errors under `field.{index}.{key}`, ids that are no row of the organization in `table`. Removed
 * collections and schedules of the organization are accepted: a project keeps its history, and a later save (a new
 * goal) sends its links again.
 */
async function assertOwned(db: Db, orgId: string, table: 'collections' | 'schedules', field: string, key: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const found = new Set(
    (
      await db
        .selectFrom(table)
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', 'in', unique(ids))
        .execute()
    ).map((row) => row.id),
  );
  const fieldErrors = Object.fromEntries(
    ids.flatMap((id, index) => (found.has(id) ? [] : [[`${field}.${index}.${key}`, [FIELD_ERROR_KEYS.notFound]]])),
  );
  if (Object.keys(fieldErrors).length > 0) {
    throw new ApiError(400, `${Object.keys(fieldErrors).join(', ')}: not in your organization`, {}, fieldErrors);
  }
}

/** Replaces the goal, links and date tags of the project; answers its name, or undefined when there is none. */
export async function updateProject(db: Db, orgId: string, update: UpdateProjectRequest): Promise<string | undefined> {
  const collectionIds = update.collectionsData.map((link) => link.collectionId);
  const scheduleIds = update.schedulesData.map((link) => link.scheduleId);
  const project = await db.selectFrom('projects').select('name').where('id', '=', update.projectId).where('org_id', '=', orgId).executeTakeFirst();
  if (!project) return undefined;
  await assertOwned(db, orgId, 'collections', 'collectionsData', 'collectionId', collectionIds);
  await assertOwned(db, orgId, 'schedules', 'schedulesData', 'scheduleId', scheduleIds);
  const projectId = update.projectId;
  const tags = new Map(update.projectDateTags.map((tag) => [`${tag.date} ${tag.projectTag}`, tag]));
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('projects').set({ goal: update.projectGoal, updated_at: new Date().toISOString() }).where('id', '=', projectId).execute();
    await trx.deleteFrom('project_collections').where('project_id', '=', projectId).execute();
    await trx.deleteFrom('project_schedules').where('project_id', '=', projectId).execute();
    await trx.deleteFrom('project_date_tags').where('project_id', '=', projectId).execute();
    const collections = unique(collectionIds).map((collectionId, position) => ({ project_id: projectId, collection_id: collectionId, position }));
    const schedules = unique(scheduleIds).map((scheduleId, position) => ({ project_id: projectId, schedule_id: scheduleId, position }));
    const dateTags = [...tags.values()].map((tag) => ({ project_id: projectId, tag: tag.projectTag, date: tag.date }));
    if (collections.length > 0) await trx.insertInto('project_collections').values(collections).execute();
    if (schedules.length > 0) await trx.insertInto('project_schedules').values(schedules).execute();
    if (dateTags.length > 0) await trx.insertInto('project_date_tags').values(dateTags).execute();
  });
  return project.name;
}

/** Removes the project with its links and tags; answers its name, or undefined when there is none. */
export async function deleteProject(db: Db, orgId: string, projectId: string): Promise<string | undefined> {
  const removed = await db.deleteFrom('projects').where('id', '=', projectId).where('org_id', '=', orgId).returning('name').executeTakeFirst();
  return removed?.name;
}
