import { sql, type RawBuilder } from 'kysely';
import {
  FLAKY_FLOW_TOP_SIGNATURES,
  FLAKY_FLOWS_LIMIT,
  FLOW_HISTORY_LENGTH,
  type FlakyFlow,
  type FlakyFlowsResponse,
} from '../../shared/contracts/flakiness';
import type { Db } from '../db/database';
import { groupsBySorting, indexedBy } from '../db/dialect';
import { failureSignature } from '../../shared/failure-signature';
import { byTimeThenRun, compareText, fromRecorded, historyEntryOf } from './flowResults';

type Range = { from: string; to: string };
type Counted = number | string | bigint;

/** One flow's counts over a range, as the database sums them. */
interface FlowCountsRow {
  collection_id: string;
  flow_id: string;
  runs: Counted;
  failures: Counted;
  flips: Counted;
  possible: Counted;
  last_flip: string;
}

/**
 * The organization's flows, in index order, one seek each (a loose index scan): the first flow of the first
 * collection, then each flow's next one in its collection, or else the first of the next collection. About a hundred
 * seeks, where a DISTINCT would read every result the organization ever recorded.
 */
function organizationFlows(orgId: string) {
  const nextInCollection = sql`(SELECT MIN(n.flow_id) FROM run_flow_results n
    WHERE n.org_id = ${orgId} AND n.collection_id = f.collection_id AND n.flow_id > f.flow_id)`;
  const nextCollection = sql`(SELECT MIN(n.collection_id) FROM run_flow_results n
    WHERE n.org_id = ${orgId} AND n.collection_id > f.collection_id)`;
  const firstFlowOf = (collectionId: RawBuilder<unknown>) =>
    sql`(SELECT MIN(n.flow_id) FROM run_flow_results n WHERE n.org_id = ${orgId} AND n.collection_id = ${collectionId})`;
  return sql`WITH RECURSIVE flows (collection_id, flow_id) AS (
      SELECT first.collection_id, ${firstFlowOf(sql.ref('first.collection_id'))}
      FROM (SELECT MIN(collection_id) AS collection_id FROM run_flow_results WHERE org_id = ${orgId}) AS first
      UNION ALL
      SELECT CASE WHEN ${nextInCollection} IS NOT NULL THEN f.collection_id ELSE ${nextCollection} END,
        COALESCE(${nextInCollection}, ${firstFlowOf(nextCollection)})
      FROM flows f
      WHERE f.collection_id IS NOT NULL
    )`;
}

/**
 * Per flow that flipped in runs that ended in the range: its results, failures, flips, possible flips and the time of
 * its last flip. Flips are counted within each collection version and resource kind, over the PASSED and FAILED results
 * in order (a run missing its version or kind is never "the same code" as another; SKIPPED and ABORTED are not
 * compared): a result that differs from the one before it is a flip, when that one is in the range too. A pass on a
 * retry is a failure then a pass within its run: one flip of its own, and its comparison with the result before it
 * starts from FAILED.
 *
 * Each result carries the one before it (previous_result, linked as it was recorded), so this is one pass over the
 * range: the view reads 14 days of 20 collections, tens of thousands of flow results, and sorting them by version and
 * time for each question cost most of its 200 ms budget. PostgreSQL reads the range on run_flow_results_org_ended_flips
 * and hashes it by flow. SQLite groups only by sorting, and sorting the range's rows by flow was half of the count's
 * time: there the range is read flow by flow (organizationFlows) on run_flow_results_flow_flips, so the rows arrive
 * grouped. The list of flows changes no answer, and SQLite is told the index, which it could not know is better; the
 * list costs PostgreSQL a fifth more, so it goes without.
 */
export function flakyFlowCountsQuery(db: Db, orgId: string, range: Range): RawBuilder<FlowCountsRow> {
  // The flips are the compared ones plus the retried ones.
  const retried = sql`r.passed_on_retry > 0 AND r.collection_hash IS NOT NULL AND r.resource_kind IS NOT NULL`;
  const compared = sql`r.previous_ended_at >= ${range.from}`;
  const comparedFlip = sql`${compared} AND r.previous_result <> (CASE WHEN ${retried} THEN 'FAILED' ELSE r.result END)`;
  const flowByFlow = groupsBySorting(db);
  return sql<FlowCountsRow>`${flowByFlow ? organizationFlows(orgId) : sql``}
    SELECT collection_id, flow_id, runs, failures, compared_flips + retried AS flips, compared + retried AS possible, last_flip
    FROM (
      SELECT r.collection_id, r.flow_id, COUNT(*) AS runs,
        SUM(CASE WHEN r.result = 'FAILED' THEN 1 ELSE 0 END) AS failures,
        SUM(CASE WHEN ${comparedFlip} THEN 1 ELSE 0 END) AS compared_flips,
        SUM(CASE WHEN ${compared} THEN 1 ELSE 0 END) AS compared,
        SUM(CASE WHEN ${retried} THEN 1 ELSE 0 END) AS retried,
        MAX(CASE WHEN (${comparedFlip}) OR (${retried}) THEN r.ended_at END) AS last_flip
      FROM run_flow_results AS r ${indexedBy(db, 'run_flow_results_flow_flips')}
      WHERE r.org_id = ${orgId} AND r.ended_at >= ${range.from} AND r.ended_at <= ${range.to}
        ${flowByFlow ? sql`AND (r.collection_id, r.flow_id) IN (SELECT collection_id, flow_id FROM flows)` : sql``}
      GROUP BY r.collection_id, r.flow_id
    ) AS per_flow
    WHERE compared_flips + retried > 0`;
}

type ListedFlow = { collectionId: string; flowId: string };

/**
 * The listed flows' last FLOW_HISTORY_LENGTH results in the range (their strips, and names from the newest): each
 * flow's read backwards on its index and cut at the strip's length, rather than ranking every result in the range.
 */
function listedFlowStrips(db: Db, orgId: string, range: Range, flows: readonly [ListedFlow, ...ListedFlow[]]) {
  const stripOf = (flow: ListedFlow) =>
    db
      .selectFrom((eb) =>
        eb
          .selectFrom('run_flow_results')
          .selectAll()
          .where('org_id', '=', orgId)
          .where('collection_id', '=', flow.collectionId)
          .where('flow_id', '=', flow.flowId)
          .where('ended_at', '>=', range.from)
          .where('ended_at', '<=', range.to)
          .orderBy('ended_at', 'desc')
          .orderBy('status_id', 'desc')
          .limit(FLOW_HISTORY_LENGTH)
          .as('strip'),
      )
      .selectAll();
  const [first, ...rest] = flows;
  return rest.reduce((union, flow) => union.unionAll(stripOf(flow)), stripOf(first)).execute();
}

/**
 * How often each failure signature ended the listed flows' failures in the range, counted by the database. A step
 * stored before signatures were (migration 0024) has none: those few are counted by step and error, and given one from
 * their error here.
 */
async function listedFlowSignatures(db: Db, orgId: string, range: Range, flows: readonly ListedFlow[]) {
  // Narrowed by the listed flows' collections and flow ids; rows of other pairs read so are dropped by flowKey later.
  const collectionIds = [...new Set(flows.map((flow) => flow.collectionId))];
  const flowIds = [...new Set(flows.map((flow) => flow.flowId))];
  const rows = await db
    // Materialized: grouping the join made SQLite, which keeps no statistics, read every result of the listed flows
    // on the strips' index instead of only their failures on run_flow_results_flow_failures.
    .with(
      (cte) => cte('failed').materialized(),
      (qc) =>
        qc
          .selectFrom('run_flow_results')
          .innerJoin('step_results', 'step_results.id', 'run_flow_results.first_failed_id')
          .where('run_flow_results.org_id', '=', orgId)
          .where('run_flow_results.collection_id', 'in', collectionIds)
          .where('run_flow_results.flow_id', 'in', flowIds)
          .where('run_flow_results.result', '=', 'FAILED')
          .where('run_flow_results.ended_at', '>=', range.from)
          .where('run_flow_results.ended_at', '<=', range.to)
          .select(['run_flow_results.collection_id', 'run_flow_results.flow_id', 'step_results.failure_signature', 'step_results.step_id', 'step_results.error_detail']),
    )
    .selectFrom('failed')
    .select(['collection_id', 'flow_id', 'failure_signature'])
    .select((eb) => [
      eb.case().when('failure_signature', 'is', null).then(eb.ref('step_id')).end().as('unsigned_step_id'),
      eb.case().when('failure_signature', 'is', null).then(eb.ref('error_detail')).end().as('unsigned_error'),
      eb.fn.countAll<Counted>().as('count'),
    ])
    .groupBy(['collection_id', 'flow_id', 'failure_signature', 'unsigned_step_id', 'unsigned_error'])
    .execute();
  return rows.map((row) => ({
    collectionId: row.collection_id,
    flowId: row.flow_id,
    signature: row.failure_signature ?? failureSignature(row.unsigned_step_id ?? '', row.unsigned_error ?? ''),
    count: Number(row.count),
  }));
}

type RankedFlow = Omit<FlakyFlow, 'collectionName' | 'flowName' | 'results' | 'topSignatures'>;

function rankedFlowOf(row: FlowCountsRow): RankedFlow {
  const flips = Number(row.flips);
  return {
    collectionId: row.collection_id,
    flowId: row.flow_id,
    flipRate: flips / Number(row.possible),
    flips,
    failures: Number(row.failures),
    runs: Number(row.runs),
    lastFlip: row.last_flip,
  };
}

const byFlakiness = (a: RankedFlow, b: RankedFlow): number =>
  b.flipRate - a.flipRate ||
  b.flips - a.flips ||
  b.failures - a.failures ||
  compareText(b.lastFlip, a.lastFlip) ||
  compareText(a.collectionId, b.collectionId) ||
  compareText(a.flowId, b.flowId);

function topSignaturesOf(counted: readonly { signature: string; count: number }[]): FlakyFlow['topSignatures'] {
  const counts = new Map<string, number>();
  for (const { signature, count } of counted) counts.set(signature, (counts.get(signature) ?? 0) + count);
  return [...counts]
    .map(([signature, count]) => ({ signature, count }))
    .sort((a, b) => b.count - a.count || compareText(a.signature, b.signature))
    .slice(0, FLAKY_FLOW_TOP_SIGNATURES);
}

async function collectionNamesOf(db: Db, orgId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('collections').select(['id', 'name']).where('org_id', '=', orgId).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

const flowKey = (collectionId: string, flowId: string): string => JSON.stringify([collectionId, flowId]);

/** Rows by flow, in the order read (rows of flows not listed, read because they share a collection or flow id, too). */
function groupedByFlow<T extends ListedFlow>(rows: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const row of rows) {
    const key = flowKey(row.collectionId, row.flowId);
    const group = grouped.get(key);
    if (group) group.push(row);
    else grouped.set(key, [row]);
  }
  return grouped;
}

/**
 * The organization's flows that flipped between PASSED and FAILED on the same version and resource kind in runs that
 * ended in [from, to], the flakiest FLAKY_FLOWS_LIMIT first, with how many flipped.
 */
export async function flakyFlowsOf(db: Db, orgId: string, range: Range): Promise<FlakyFlowsResponse['data']> {
  const ranked = (await flakyFlowCountsQuery(db, orgId, range).execute(db)).rows.map(rankedFlowOf).sort(byFlakiness);
  const listed = ranked.slice(0, FLAKY_FLOWS_LIMIT);
  const [first, ...more] = listed;
  if (first === undefined) return { flows: [], total: 0 };
  const [strips, signatures, names] = await Promise.all([
    listedFlowStrips(db, orgId, range, [first, ...more]),
    listedFlowSignatures(db, orgId, range, listed),
    collectionNamesOf(db, orgId, [...new Set(listed.map((flow) => flow.collectionId))]),
  ]);
  const stripOf = groupedByFlow(strips.map(fromRecorded).sort(byTimeThenRun));
  const signaturesOf = groupedByFlow(signatures);
  const flows = listed.map((flow) => {
    const key = flowKey(flow.collectionId, flow.flowId);
    const strip = stripOf.get(key) ?? [];
    return {
      ...flow,
      collectionName: names.get(flow.collectionId) ?? flow.collectionId,
      flowName: strip.at(-1)?.flowName ?? flow.flowId,
      results: strip.map(historyEntryOf),
      topSignatures: topSignaturesOf(signaturesOf.get(key) ?? []),
    };
  });
  return { flows, total: ranked.length };
}
