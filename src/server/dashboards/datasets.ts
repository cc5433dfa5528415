import { sql } from 'kysely';
import { z } from 'zod';
import {
  ANALYTICS_DATA_ATTRIBUTES,
  CAPTURED_DATA_ATTRIBUTES,
  datasetOfRows,
  MAX_DATASET_ROWS,
  type Dataset,
  type DatasetAttribute,
  type DatasetRow,
} from '../../shared/contracts/dashboards';
import { FINISHED_RUN_STATES } from '../../shared/contracts/runs';
import type { Db } from '../db/database';
import { jsonTextField } from '../db/dialect';
import type { RunState } from '../db/schema-runs';
import { deviceNamesOf, durationOf, epochOf, nameOf, tagNames, tagNamesOf, triggeredByNameOf, userNamesOf } from '../runs/displayNames';
import { runDevices } from '../runs/runViews';

/**
 * The two datasets of the report builder (spec part 3 §2, §3; issue 16), computed from the run history: Captured Data
 * has a row per executed step of the runs started in the range, Analytics Data a row per run finished in it. Tags,
 * version and collection name come from the run's own snapshot of its collection (what ran, as the run history shows
 * it), resources and authors by their display names. Both keep the newest MAX_DATASET_ROWS rows and say when they cut.
 */

export interface DatasetRange {
  /** Epoch ms, both inclusive. */
  startDate: number;
  endDate: number;
}

/** The collections a dataset reads: every one of the organization ('all'), or these ids (others' ids match nothing). */
export type CollectionScope = 'all' | readonly string[];

export interface DatasetRequest {
  orgId: string;
  range: DatasetRange;
  scope: CollectionScope;
  /** The most rows answered (MAX_DATASET_ROWS unless a test asks for fewer). */
  maxRows?: number;
}

const FINISHED: readonly RunState[] = FINISHED_RUN_STATES;
const tagIdsSchema = z.array(z.string()).catch([]);
/** SUM comes back as a number from SQLite and as text (bigint) from PostgreSQL. */
type Counted = number | string | bigint | null;

/** The collection ids to filter by, none for every collection; an empty list matches nothing (SQL has no `in ()`). */
const scopedIds = (scope: CollectionScope): string[] | undefined => (scope === 'all' ? undefined : scope.length === 0 ? [''] : [...scope]);
const isoOf = (epochMs: number): string => new Date(epochMs).toISOString();
const tagIdsOf = (json: string | null): string[] => (json === null ? [] : tagIdsSchema.parse(JSON.parse(json)));

interface RunFacts {
  resource_ids: string;
  hybrid_device_ids: string;
  tags_json: string | null;
  version_id: string | null;
}

/** Names of what runs refer to: their resources and their snapshot's tags and version. */
async function namesOf(db: Db, orgId: string, runs: readonly RunFacts[]) {
  const [devices, tags] = await Promise.all([
    deviceNamesOf(db, runs.flatMap(runDevices)),
    tagNamesOf(
      db,
      orgId,
      runs.flatMap((run) => [...tagIdsOf(run.tags_json), ...(run.version_id === null ? [] : [run.version_id])]),
    ),
  ]);
  return (run: RunFacts) => {
    const deviceIds = runDevices(run);
    return {
      device: deviceIds.length === 0 ? null : deviceIds.map((id) => nameOf(devices, id)).join(', '),
      tags: tagNames(tagIdsOf(run.tags_json), tags).join(', '),
      version: (run.version_id === null ? undefined : tags.get(run.version_id)) ?? null,
    };
  };
}

/**
 * The dataset of the newest `maxRows` of rows read newest first (one more was asked for, to tell a cut), oldest first,
 * in the columnar form of datasetSchema.
 */
function cut(attributes: readonly DatasetAttribute[], newestFirst: DatasetRow[], maxRows: number): Dataset {
  return datasetOfRows(attributes, newestFirst.slice(0, maxRows).reverse(), newestFirst.length > maxRows);
}

/** Captured Data: one row per step result of the organization's runs started within the range. */
export async function capturedDataOf(db: Db, { orgId, range, scope, maxRows = MAX_DATASET_ROWS }: DatasetRequest): Promise<Dataset> {
  const ids = scopedIds(scope);
  const startedInRange = () =>
    db
      .selectFrom('runs')
      .where('runs.org_id', '=', orgId)
      .where('runs.time_started', '>=', isoOf(range.startDate))
      .where('runs.time_started', '<=', isoOf(range.endDate))
      .$if(ids !== undefined, (qb) => qb.where('runs.collection_id', 'in', ids ?? []));
  const [steps, runs] = await Promise.all([
    startedInRange()
      .innerJoin('step_results as step', 'step.status_id', 'runs.status_id')
      .select(['step.status_id', 'step.flow_name', 'step.step_name', 'step.result', 'step.time_started', 'step.time_completed'])
      .orderBy('step.time_started', 'desc')
      .orderBy('step.id', 'desc')
      .limit(maxRows + 1)
      .execute(),
    startedInRange()
      .leftJoin('collection_labels as attached', 'attached.status_id', 'runs.status_id')
      .leftJoin('failure_labels as label', (join) => join.onRef('label.id', '=', 'attached.label_id').on('label.org_id', '=', orgId))
      .select(['runs.status_id', 'runs.test_suite_name', 'runs.resource_ids', 'runs.hybrid_device_ids', 'label.label_name'])
      .select([
        jsonTextField(db, sql.ref('runs.collection'), 'tags').as('tags_json'),
        jsonTextField(db, sql.ref('runs.collection'), 'version').as('version_id'),
      ])
      .execute(),
  ]);
  const named = await namesOf(db, orgId, runs);
  const runRows = new Map(runs.map((run) => [run.status_id, { collection: run.test_suite_name, ...named(run), failureLabel: run.label_name ?? null }]));
  const rows = steps.map((step): DatasetRow => {
    const run = runRows.get(step.status_id);
    const time = Date.parse(step.time_started);
    return {
      time,
      collection: run?.collection ?? null,
      flow: step.flow_name,
      step: step.step_name,
      device: run?.device ?? null,
      result: step.result,
      failureLabel: run?.failureLabel ?? null,
      tags: run?.tags ?? '',
      version: run?.version ?? null,
      duration: Date.parse(step.time_completed) - time,
      count: 1,
    };
  });
  return cut(CAPTURED_DATA_ATTRIBUTES, rows, maxRows);
}

/** Analytics Data: one row per run of the organization finished (completed) within the range. */
export async function analyticsDataOf(db: Db, { orgId, range, scope, maxRows = MAX_DATASET_ROWS }: DatasetRequest): Promise<Dataset> {
  const ids = scopedIds(scope);
  const runs = await db
    .selectFrom('runs')
    // A retried flow's steps count once: its last attempt's (issue 29).
    .leftJoin('step_results as step', (join) => join.onRef('step.status_id', '=', 'runs.status_id').on('step.superseded', '=', 0))
    .where('runs.org_id', '=', orgId)
    .where('runs.state', 'in', FINISHED)
    .where('runs.time_completed', '>=', isoOf(range.startDate))
    .where('runs.time_completed', '<=', isoOf(range.endDate))
    .$if(ids !== undefined, (qb) => qb.where('runs.collection_id', 'in', ids ?? []))
    .select([
      'runs.status_id',
      'runs.test_suite_name',
      'runs.state',
      'runs.resource_ids',
      'runs.hybrid_device_ids',
      'runs.triggered_by',
      'runs.schedule_name',
      'runs.schedule_kind',
      'runs.time_started',
      'runs.time_completed',
      'runs.flaky_flows',
      'runs.passed_on_retry_flows',
      jsonTextField(db, sql.ref('runs.collection'), 'tags').as('tags_json'),
      jsonTextField(db, sql.ref('runs.collection'), 'version').as('version_id'),
      sql<Counted>`sum(case when step.result = 'PASSED' then 1 else 0 end)`.as('passed_steps'),
      sql<Counted>`sum(case when step.result = 'FAILED' then 1 else 0 end)`.as('failed_steps'),
    ])
    // Grouped by the primary key, so every column of the run may be selected.
    .groupBy('runs.status_id')
    .orderBy('runs.time_completed', 'desc')
    .orderBy('runs.status_id', 'desc')
    .limit(maxRows + 1)
    .execute();
  const [named, users] = await Promise.all([
    namesOf(db, orgId, runs),
    userNamesOf(
      db,
      runs.map((run) => run.triggered_by),
    ),
  ]);
  const rows = runs.map((run): DatasetRow => {
    const { device, tags, version } = named(run);
    return {
      time: epochOf(run.time_completed),
      collection: run.test_suite_name,
      device,
      result: run.state,
      triggeredBy: triggeredByNameOf(run, users),
      tags,
      version,
      duration: durationOf(epochOf(run.time_started), epochOf(run.time_completed)),
      passedSteps: Number(run.passed_steps ?? 0),
      failedSteps: Number(run.failed_steps ?? 0),
      // Runs that ended before these were counted (migration 0026) read as none.
      flaky: run.flaky_flows ?? 0,
      passedOnRetry: run.passed_on_retry_flows ?? 0,
      count: 1,
    };
  });
  return cut(ANALYTICS_DATA_ATTRIBUTES, rows, maxRows);
}
