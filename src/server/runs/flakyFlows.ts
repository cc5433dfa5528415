import {
  FLAKY_FLOW_TOP_SIGNATURES,
  FLAKY_FLOWS_LIMIT,
  FLOW_HISTORY_LENGTH,
  type FlakyFlow,
  type FlakyFlowsResponse,
  type FlowResult,
} from '../../shared/contracts/flakiness';
import type { Db } from '../db/database';
import { failedStepsOf, finishedFlowResults, historyEntryOf, outcomesOf, type RunFlowResult } from './flowResults';

/** A flow's flips between PASSED and FAILED on one version and resource kind, over its results oldest first. */
export interface FlipCount {
  flips: number;
  /** Consecutive pairs of PASSED and FAILED results on the same version and resource kind: the flips there could be. */
  possible: number;
  /** The result that made the latest flip. */
  lastFlip: RunFlowResult | null;
}

/**
 * Flips of a flow's results (oldest first): within each collection version and resource kind (a run missing either is
 * never "the same code" as another, so it is left out), the PASSED and FAILED results in order, SKIPPED and ABORTED
 * ones left out; a flip is a result that differs from the one before it.
 */
export function countFlips(results: readonly RunFlowResult[]): FlipCount {
  const previousByVersion = new Map<string, FlowResult>();
  let flips = 0;
  let possible = 0;
  let lastFlip: RunFlowResult | null = null;
  for (const result of results) {
    if (result.collectionHash === null || result.resourceKind === null) continue;
    if (result.result !== 'PASSED' && result.result !== 'FAILED') continue;
    const version = `${result.collectionHash} ${result.resourceKind}`;
    // A pass on a retry flipped within its run: a failure, then a pass.
    for (const outcome of outcomesOf([result])) {
      const previous = previousByVersion.get(version);
      previousByVersion.set(version, outcome);
      if (previous === undefined) continue;
      possible += 1;
      if (previous !== outcome) {
        flips += 1;
        lastFlip = result;
      }
    }
  }
  return { flips, possible, lastFlip };
}

type RankedFlow = Omit<FlakyFlow, 'collectionName' | 'topSignatures'> & { failedRowIds: number[] };

function rankedFlowOf(results: readonly RunFlowResult[]): RankedFlow | null {
  const { flips, possible, lastFlip } = countFlips(results);
  const newest = results.at(-1);
  if (flips === 0 || !lastFlip || !newest) return null;
  const failed = results.filter((result) => result.result === 'FAILED');
  return {
    collectionId: newest.collectionId,
    flowId: newest.flowId,
    flowName: newest.flowName,
    flipRate: flips / possible,
    flips,
    failures: failed.length,
    runs: results.length,
    lastFlip: lastFlip.time,
    results: results.slice(-FLOW_HISTORY_LENGTH).map(historyEntryOf),
    failedRowIds: failed.flatMap((result) => (result.firstFailedRowId === null ? [] : [result.firstFailedRowId])),
  };
}

const byFlakiness = (a: RankedFlow, b: RankedFlow): number =>
  b.flipRate - a.flipRate ||
  b.flips - a.flips ||
  b.failures - a.failures ||
  (a.lastFlip < b.lastFlip ? 1 : a.lastFlip > b.lastFlip ? -1 : 0) ||
  (a.collectionId < b.collectionId ? -1 : a.collectionId > b.collectionId ? 1 : a.flowId < b.flowId ? -1 : a.flowId > b.flowId ? 1 : 0);

function topSignaturesOf(rowIds: readonly number[], signatures: ReadonlyMap<number, { signature: string }>): FlakyFlow['topSignatures'] {
  const counts = new Map<string, number>();
  for (const rowId of rowIds) {
    const signature = signatures.get(rowId)?.signature;
    if (signature !== undefined) counts.set(signature, (counts.get(signature) ?? 0) + 1);
  }
  return [...counts]
    .map(([signature, count]) => ({ signature, count }))
    .sort((a, b) => b.count - a.count || (a.signature < b.signature ? -1 : 1))
    .slice(0, FLAKY_FLOW_TOP_SIGNATURES);
}

async function collectionNamesOf(db: Db, orgId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('collections').select(['id', 'name']).where('org_id', '=', orgId).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * The organization's flows that flipped between PASSED and FAILED on the same version and resource kind in runs that
 * ended in [from, to], the flakiest FLAKY_FLOWS_LIMIT first, with how many flipped.
 */
export async function flakyFlowsOf(db: Db, orgId: string, range: { from: string; to: string }): Promise<FlakyFlowsResponse['data']> {
  const byFlow = new Map<string, RunFlowResult[]>();
  for (const result of await finishedFlowResults(db, { orgId, endedBetween: range })) {
    const key = JSON.stringify([result.collectionId, result.flowId]);
    const results = byFlow.get(key);
    if (results) results.push(result);
    else byFlow.set(key, [result]);
  }
  const ranked = [...byFlow.values()].flatMap((results) => rankedFlowOf(results) ?? []).sort(byFlakiness);
  const listed = ranked.slice(0, FLAKY_FLOWS_LIMIT);
  const signatures = await failedStepsOf(db, listed.flatMap((flow) => flow.failedRowIds));
  const names = await collectionNamesOf(db, orgId, [...new Set(listed.map((flow) => flow.collectionId))]);
  const flows = listed.map(({ failedRowIds, ...flow }) => ({
    ...flow,
    collectionName: names.get(flow.collectionId) ?? flow.collectionId,
    topSignatures: topSignaturesOf(failedRowIds, signatures),
  }));
  return { flows, total: ranked.length };
}
