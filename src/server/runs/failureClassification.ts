import { FLAKY_RECOVERY_PASSES, FLAKY_WINDOW_MS, type FailedFlow } from '../../shared/contracts/flakiness';
import type { Db } from '../db/database';
import { failedStepsOf, finishedFlowResults, outcomesOf, runFlowResults, type RunFlowResult } from './flowResults';
import type { RunRow } from './repository';

/**
 * The passes and failures of a flow's results (oldest first) since it last recovered: FLAKY_RECOVERY_PASSES passes in
 * a row end a flaky stretch, so only what came after the last such streak counts. SKIPPED and ABORTED results neither
 * count nor break a streak. A pass on a retry comes in as a failure and a pass (outcomesOf).
 */
export function flipsSinceRecovery(results: readonly RunFlowResult['result'][]): { passes: number; failures: number } {
  let passes = 0;
  let failures = 0;
  let streak = 0;
  for (const result of results) {
    if (result === 'PASSED') {
      passes += 1;
      streak += 1;
      if (streak >= FLAKY_RECOVERY_PASSES) {
        passes = 0;
        failures = 0;
      }
    } else if (result === 'FAILED') {
      failures += 1;
      streak = 0;
    }
  }
  return { passes, failures };
}

const sameVersion = (a: RunFlowResult, b: RunFlowResult): boolean =>
  a.collectionHash !== null && a.resourceKind !== null && a.collectionHash === b.collectionHash && a.resourceKind === b.resourceKind;

/**
 * Each failed flow of `run`, as of when it ended (now for a run still going), against the runs of its collection that
 * ended within FLAKY_WINDOW_MS before: FLAKY when the flow passed and failed on the run's version and resource kind
 * since it last recovered, else KNOWN when its failure signature failed it before, else NEW.
 */
export async function classifyFailedFlows(db: Db, run: Pick<RunRow, 'org_id' | 'collection_id' | 'status_id' | 'time_completed'>): Promise<FailedFlow[]> {
  const scope = { orgId: run.org_id, collectionId: run.collection_id };
  const own = await runFlowResults(db, { orgId: run.org_id, statusId: run.status_id });
  const failedOwn = own.filter((result) => result.result === 'FAILED');
  if (failedOwn.length === 0) return [];
  const end = run.time_completed ?? new Date().toISOString();
  const from = new Date(Date.parse(end) - FLAKY_WINDOW_MS).toISOString();
  const earlier = await finishedFlowResults(db, { ...scope, endedBetween: { from, to: end }, flowIds: failedOwn.map((result) => result.flowId) });
  const history = [...earlier.filter((result) => result.statusId !== run.status_id), ...own.map((result) => ({ ...result, time: end }))];
  const failedRowIds = history.flatMap((result) => (result.firstFailedRowId === null ? [] : [result.firstFailedRowId]));
  const failedSteps = await failedStepsOf(db, failedRowIds);
  const signatureOf = (result: RunFlowResult) => (result.firstFailedRowId === null ? undefined : failedSteps.get(result.firstFailedRowId));

  return failedOwn.map((failed) => {
    const step = signatureOf(failed);
    const flowHistory = history.filter((result) => result.flowId === failed.flowId);
    const occurrences = flowHistory.filter((result) => result.result === 'FAILED' && step !== undefined && signatureOf(result)?.signature === step.signature);
    const first = occurrences[0] ?? failed;
    const { passes, failures } = flipsSinceRecovery(outcomesOf(flowHistory.filter((result) => sameVersion(failed, result))));
    const flaky = passes > 0 && failures > 0;
    return {
      flowId: failed.flowId,
      flowName: failed.flowName,
      failedStepId: step?.stepId ?? '',
      signature: step?.signature ?? '',
      classification: flaky ? 'FLAKY' : occurrences.length > 1 ? 'KNOWN' : 'NEW',
      firstSeen: { statusId: first.statusId, time: first.time },
      occurrences: Math.max(occurrences.length, 1),
      passes,
      failures,
    };
  });
}
