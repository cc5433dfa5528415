import { FLAKY_RECOVERY_PASSES, type FlowResult } from '../../shared/contracts/flakiness';
import { onlyQuarantinedFailedLogLine, recoveredLogLine } from '../../shared/contracts/quarantine';
import type { Db } from '../db/database';
import type { RunState } from '../db/schema-runs';
import { finishedFlowResults, outcomesOf, runFlowResults, type RunFlowResult } from '../runs/flowResults';
import { activeQuarantines, recordQuarantinedFailures, releaseQuarantine, type FlowQuarantineRow } from './repository';

export interface EndingRun {
  status_id: string;
  org_id: string;
  collection_id: string;
}

export interface QuarantineVerdict {
  /** The run's result counting only flows not in quarantine. */
  state: RunState;
  /** The collection's flows in quarantine as the run ended, and how each of them did in it. */
  quarantined: FlowQuarantineRow[];
  ownResults: RunFlowResult[];
  /** What the run log says of it. */
  logLines: string[];
}

/**
 * The result of a run that ran, as it ends: a FAILED run whose failed flows are all in quarantine ends PASSED. The
 * quarantined flows that failed are recorded with the run, so its report lists them apart. Any other state stands
 * (a run stopped, or failed without a failed step, keeps its state). In the transaction that ends the run, before
 * its state is written.
 */
export async function quarantineVerdict(trx: Db, run: EndingRun, state: RunState): Promise<QuarantineVerdict> {
  const quarantined = await activeQuarantines(trx, run.org_id, run.collection_id);
  // Most collections have no flow in quarantine: their runs end without reading their step results again.
  if (quarantined.length === 0) return { state, quarantined, ownResults: [], logLines: [] };
  const ownResults = await runFlowResults(trx, { orgId: run.org_id, statusId: run.status_id });
  const failedFlowIds = new Set(ownResults.filter((result) => result.result === 'FAILED').map((result) => result.flowId));
  const quarantinedIds = new Set(quarantined.map((row) => row.flow_id));
  const quarantinedFailures = quarantined.filter((row) => failedFlowIds.has(row.flow_id));
  await recordQuarantinedFailures(trx, run.status_id, quarantinedFailures);
  const onlyQuarantinedFailed = failedFlowIds.size > 0 && [...failedFlowIds].every((flowId) => quarantinedIds.has(flowId));
  const passes = state === 'FAILED' && onlyQuarantinedFailed;
  const logLines = passes ? [onlyQuarantinedFailedLogLine(quarantinedFailures.map((row) => row.flow_name))] : [];
  return { state: passes ? 'PASSED' : state, quarantined, ownResults, logLines };
}

/**
 * How many times the flow passed in a row at the end of its outcomes (oldest first, outcomesOf: a pass on a retry ends
 * such a streak as its first pass); SKIPPED and ABORTED are passed over.
 */
export function trailingPasses(results: readonly FlowResult[]): number {
  let passes = 0;
  for (let index = results.length - 1; index >= 0; index -= 1) {
    const result = results[index];
    if (result === 'FAILED') break;
    if (result === 'PASSED') passes += 1;
  }
  return passes;
}

/**
 * Releases the quarantined flows that have now passed FLAKY_RECOVERY_PASSES times in a row since they were
 * quarantined, this run's pass the last of them; answers the run log's lines. In the transaction that ends the run,
 * after its state and end time are written (`endedAt`).
 */
export async function releaseRecoveredFlows(trx: Db, run: EndingRun, verdict: QuarantineVerdict, endedAt: string): Promise<string[]> {
  const passedNow = new Set(verdict.ownResults.filter((result) => result.result === 'PASSED').map((result) => result.flowId));
  const candidates = verdict.quarantined.filter((row) => passedNow.has(row.flow_id));
  if (candidates.length === 0) return [];
  const since = candidates.reduce((earliest, row) => (row.quarantined_at < earliest ? row.quarantined_at : earliest), endedAt);
  const results = await finishedFlowResults(trx, {
    orgId: run.org_id,
    collectionId: run.collection_id,
    endedBetween: { from: since, to: endedAt },
    flowIds: candidates.map((row) => row.flow_id),
  });
  const lines: string[] = [];
  for (const row of candidates) {
    const own = outcomesOf(results.filter((result) => result.flowId === row.flow_id && result.time >= row.quarantined_at));
    if (trailingPasses(own) < FLAKY_RECOVERY_PASSES) continue;
    const key = { orgId: run.org_id, collectionId: run.collection_id, flowId: row.flow_id };
    if (await releaseQuarantine(trx, key, { kind: 'RECOVERED', by: null, at: endedAt, statusId: run.status_id })) {
      lines.push(recoveredLogLine(row.flow_name, FLAKY_RECOVERY_PASSES));
    }
  }
  return lines;
}
