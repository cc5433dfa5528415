import type { Db } from '../db/database';
import { classifyFailedFlows } from './failureClassification';
import { runFlowResults } from './flowResults';

export interface FlakyCounts {
  /** Flows of the run that failed and then passed on a retry. */
  passedOnRetry: number;
  /** Those, and the flows that failed in it (last attempt) whose failure classifies FLAKY as of its end. */
  flaky: number;
}

/**
 * How many flows of an ended run were flaky (issue 29, the Analytics Data fields): a flow counts once, whether it
 * passed on a retry or its failure is FLAKY (the two cannot both hold: one passed, the other failed). In the
 * transaction that ends the run, after its state and end time are written.
 */
export async function flakyCountsOf(trx: Db, run: { status_id: string; org_id: string; collection_id: string }, endedAt: string): Promise<FlakyCounts> {
  const own = await runFlowResults(trx, { orgId: run.org_id, statusId: run.status_id });
  const passedOnRetry = own.filter((result) => result.passedOnRetry > 0).length;
  const anyFailed = own.some((result) => result.result === 'FAILED');
  const flakyFailures = anyFailed ? (await classifyFailedFlows(trx, { ...run, time_completed: endedAt })).filter((flow) => flow.classification === 'FLAKY').length : 0;
  return { passedOnRetry, flaky: passedOnRetry + flakyFailures };
}
