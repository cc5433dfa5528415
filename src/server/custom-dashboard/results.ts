import { sql, type Expression, type SqlBool } from 'kysely';
import {
  OVERALL_PROJECT_NAME,
  UNLABELLED_FAILURES,
  type ExecutionResults,
  type ProjectDetails,
  type StatusCount,
  type TestPlanData,
} from '../../shared/contracts/custom-dashboard';
import { FINISHED_RUN_STATES } from '../../shared/contracts/runs';
import type { Db } from '../db/database';
import { isoMillisBetween } from '../db/dialect';
import type { RunState } from '../db/schema-runs';
import type { Frame } from './frame';
import { findProject, listProjects, projectNotFound } from './repository';

/**
 * The custom dashboard's aggregations over the run history (spec part 3 §2, §3; issue 17), computed by the database
 * with GROUP BY: a year of runs is never loaded. A run belongs to a frame by its start (a run cancelled while queued
 * never started and counts nowhere); to a project when it ran one of the project's collections or was fired by one of
 * its schedules. Results count completed runs, PASSED and FAILED: a cancelled or aborted run says nothing about the
 * system under test, so it is no execution, no failure and no time spent (the project detail still counts them).
 */

/** SUM and COUNT come back as numbers from SQLite and as text (bigint) from PostgreSQL. */
type Tally = number | string | bigint;
type Counted = Tally | null;
const count = (value: Counted | undefined): number => Number(value ?? 0);

const COMPLETED: readonly RunState[] = ['PASSED', 'FAILED'];
const FINISHED: readonly RunState[] = FINISHED_RUN_STATES;
const oneWhen = (condition: Expression<SqlBool>) => sql<Counted>`sum(case when ${condition} then 1 else 0 end)`;
const passed = sql<SqlBool>`runs.state = 'PASSED'`;
const failed = sql<SqlBool>`runs.state = 'FAILED'`;

/** Which runs of the organization count: all, or a project's by its collections, its schedules or both. */
type RunSource = { projectId: string; via: 'collections' | 'schedules' | 'both' } | 'organization';

/** The organization's runs started within the frame, of `source` (runs_org_started serves the bounds). */
function runsOf(db: Db, orgId: string, frame: Frame, source: RunSource) {
  return db
    .selectFrom('runs')
    .where('runs.org_id', '=', orgId)
    .where('runs.time_started', '>=', frame.from)
    .where('runs.time_started', '<', frame.until)
    .$if(source !== 'organization', (qb) =>
      qb.where((eb) => {
        if (source === 'organization') return eb.val(true);
        const byCollection = eb(
          'runs.collection_id',
          'in',
          eb.selectFrom('project_collections').select('project_collections.collection_id').where('project_collections.project_id', '=', source.projectId),
        );
        // A firing happens before its runs start: firings after the frame cannot hold a run of it.
        const bySchedule = eb(
          'runs.status_id',
          'in',
          eb
            .selectFrom('project_schedules as link')
            .innerJoin('schedule_executions as firing', 'firing.schedule_id', 'link.schedule_id')
            .innerJoin('schedule_execution_items as item', 'item.execution_id', 'firing.id')
            .select((inner) => inner.ref('item.status_id').$notNull().as('status_id'))
            .where('link.project_id', '=', source.projectId)
            .where('firing.triggered_at', '<', frame.untilMs)
            .where('item.status_id', 'is not', null),
        );
        if (source.via === 'collections') return byCollection;
        if (source.via === 'schedules') return bySchedule;
        return eb.or([byCollection, bySchedule]);
      }),
    );
}

const sourceOf = (projectId: string | undefined): RunSource => (projectId === undefined ? 'organization' : { projectId, via: 'both' });

/** Failed runs by the failure label attached to them, most first; unlabelled ones under UNLABELLED_FAILURES. */
async function failuresByLabel(db: Db, orgId: string, frame: Frame, source: RunSource) {
  const rows = await runsOf(db, orgId, frame, source)
    .where('runs.state', '=', 'FAILED')
    .leftJoin('collection_labels as attached', 'attached.status_id', 'runs.status_id')
    .leftJoin('failure_labels as label', (join) => join.onRef('label.id', '=', 'attached.label_id').on('label.org_id', '=', orgId))
    .select((eb) => ['label.id', 'label.label_name', eb.fn.countAll<Tally>().as('failures')])
    .groupBy(['label.id', 'label.label_name'])
    .execute();
  return rows
    .map((row) => ({ labelName: row.label_name ?? UNLABELLED_FAILURES, count: count(row.failures) }))
    .sort((a, b) => b.count - a.count || a.labelName.localeCompare(b.labelName));
}

/** Hours, minutes and seconds of a duration (hours may pass 24). */
function hoursMinutesSeconds(ms: number): ExecutionResults['totalTime'] {
  const seconds = Math.round(ms / 1000);
  return { hours: Math.floor(seconds / 3600), minutes: Math.floor((seconds % 3600) / 60), seconds: seconds % 60 };
}

/** A percentage with one decimal; 0 of none. */
const percentOf = (part: number, whole: number): number => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** getExecutionResults: the Overall Result tiles for the organization or one of its projects (undefined: all). */
export async function executionResultsOf(db: Db, orgId: string, frame: Frame, projectId: string | undefined): Promise<ExecutionResults> {
  if (projectId !== undefined && !(await findProject(db, orgId, projectId))) throw projectNotFound(projectId);
  const source = sourceOf(projectId);
  const [totals, failures, projectData] = await Promise.all([
    runsOf(db, orgId, frame, source)
      .where('runs.state', 'in', COMPLETED)
      .select((eb) => [
        eb.fn.countAll<Tally>().as('runs'),
        oneWhen(passed).as('passed'),
        sql<Counted>`sum(${isoMillisBetween(db, sql.ref('runs.time_started'), sql.ref('runs.time_completed'))})`.as('total_ms'),
      ])
      .executeTakeFirst(),
    failuresByLabel(db, orgId, frame, source),
    listProjects(db, orgId),
  ]);
  const runs = count(totals?.runs);
  return {
    collectionExecuted: runs,
    passRate: percentOf(count(totals?.passed), runs),
    totalTime: hoursMinutesSeconds(count(totals?.total_ms)),
    failures,
    projectData,
  };
}

/** Run counts of every finished state, in FINISHED_RUN_STATES order, zeros included (the bars keep their places). */
async function statusCounts(db: Db, orgId: string, frame: Frame, source: RunSource): Promise<StatusCount[]> {
  const rows = await runsOf(db, orgId, frame, source)
    .where('runs.state', 'in', FINISHED)
    .select((eb) => ['runs.state', eb.fn.countAll<Tally>().as('runs')])
    .groupBy('runs.state')
    .execute();
  const byState = new Map(rows.map((row) => [row.state, count(row.runs)]));
  return FINISHED.map((status) => ({ status, count: byState.get(status) ?? 0 }));
}

/** getProjectDetails: the project, and its runs of the frame by state, through its collections and its schedules. */
export async function projectDetailsOf(db: Db, orgId: string, frame: Frame, projectId: string): Promise<ProjectDetails> {
  const project = await findProject(db, orgId, projectId);
  if (!project) throw projectNotFound(projectId);
  const [executionData, scheduleData] = await Promise.all([
    statusCounts(db, orgId, frame, { projectId, via: 'collections' }),
    statusCounts(db, orgId, frame, { projectId, via: 'schedules' }),
  ]);
  return { ...project, executionData, scheduleData };
}

/** Names of the organization's collections by id (removed ones too: their runs are history). */
async function collectionNamesOf(db: Db, orgId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('collections').select(['id', 'name']).where('org_id', '=', orgId).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * getTestPlanData: per collection passed and failed runs (a project's linked collections first, in its order and with
 * zeros, then any other collection its schedules ran, by name), the failures by label, and every day of the frame.
 */
export async function testPlanDataOf(db: Db, orgId: string, frame: Frame, projectId: string | undefined): Promise<TestPlanData> {
  const project = projectId === undefined ? undefined : await findProject(db, orgId, projectId);
  if (projectId !== undefined && !project) throw projectNotFound(projectId);
  const source = sourceOf(projectId);
  const completed = () => runsOf(db, orgId, frame, source).where('runs.state', 'in', COMPLETED);
  const tally = () => [oneWhen(passed).as('passed'), oneWhen(failed).as('failed'), sql<string | null>`max(runs.test_suite_name)`.as('run_name')] as const;
  const [perCollection, failures, perDay] = await Promise.all([
    completed()
      .select(['runs.collection_id', ...tally()])
      .groupBy('runs.collection_id')
      .execute(),
    failuresByLabel(db, orgId, frame, source),
    // Times are ISO-8601 UTC text on both engines, so the first ten characters are the UTC day.
    completed()
      .select([sql<string>`substr(runs.time_started, 1, 10)`.as('day'), ...tally()])
      .groupBy(sql`substr(runs.time_started, 1, 10)`)
      .execute(),
  ]);

  const counted = new Map(perCollection.map((row) => [row.collection_id, row]));
  const linked = project?.collectionsData ?? [];
  const linkedIds = new Set(linked.map((link) => link.collectionId));
  const others = perCollection.filter((row) => !linkedIds.has(row.collection_id));
  const names = await collectionNamesOf(
    db,
    orgId,
    others.map((row) => row.collection_id),
  );
  const otherRows = others
    .map((row) => ({ collectionId: row.collection_id, collectionName: names.get(row.collection_id) ?? row.run_name ?? row.collection_id }))
    .sort((a, b) => a.collectionName.localeCompare(b.collectionName));
  const testPlanData = [...linked, ...otherRows].map(({ collectionId, collectionName }) => ({
    collectionId,
    collectionName,
    passed: count(counted.get(collectionId)?.passed),
    failed: count(counted.get(collectionId)?.failed),
  }));

  const byDay = new Map(perDay.map((row) => [row.day, row]));
  return {
    testPlanData,
    defectBreakDownData: failures.map((failure) => ({ tagName: failure.labelName, failureCount: failure.count, hideTag: false })),
    testProgress: {
      collProgressData: frame.days.map((date) => ({ date, pass: count(byDay.get(date)?.passed), fail: count(byDay.get(date)?.failed) })),
      collProgressDataLabel: project?.projectName ?? OVERALL_PROJECT_NAME,
      projectGoal: project?.projectGoal ?? null,
      projectDateTags: (project?.projectDateTags ?? []).filter((tag) => tag.date >= frame.startDate && tag.date <= frame.endDate),
    },
  };
}
