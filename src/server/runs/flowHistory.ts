import { FLOW_LISTS, type Collection } from '../../shared/contracts/collections';
import type { FlowHistory } from '../../shared/contracts/flakiness';
import type { Db } from '../db/database';
import { historyEntryOf, lastFlowResults } from './flowResults';

/**
 * The last results of each flow of a collection, newest last: the flows of `collection` (its current document) in its
 * order, each with its history (none yet for a flow that never ran), then the flows that ran before and are no longer
 * in it, most recently run first.
 */
export async function flowHistoriesOf(db: Db, orgId: string, collectionId: string, collection: Collection | undefined): Promise<FlowHistory[]> {
  const histories = new Map<string, FlowHistory>();
  for (const list of FLOW_LISTS) {
    for (const flow of collection?.[list] ?? []) {
      if (!histories.has(flow.testCaseId)) histories.set(flow.testCaseId, { flowId: flow.testCaseId, flowName: flow.testCaseName, results: [] });
    }
  }
  const formerNewestFirst = [...(await lastFlowResults(db, orgId, collectionId))].reverse();
  for (const result of formerNewestFirst) {
    const history = histories.get(result.flowId) ?? { flowId: result.flowId, flowName: result.flowName, results: [] };
    histories.set(result.flowId, history);
    history.results.unshift(historyEntryOf(result));
  }
  // Map order: the collection's flows first, then former flows in the order met (the newest run first).
  return [...histories.values()];
}
