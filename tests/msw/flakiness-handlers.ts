import { http, HttpResponse } from 'msw';
import {
  failureClassificationResponseSchema,
  flowHistoryResponseSchema,
  type FailedFlow,
  type FlowHistory,
} from '../../src/shared/contracts/flakiness';
import { endpoints } from '../../src/shared/endpoints';
import { anyOrigin } from './handlers';

/** Serves flowHistory: `flows` for any collection id (none by default). */
export function serveFlowHistory(flows: readonly FlowHistory[] = []) {
  return http.get(anyOrigin(endpoints.flakiness.flowHistory), ({ request }) => {
    const collectionId = new URL(request.url).searchParams.get('collectionId') ?? '';
    return HttpResponse.json(flowHistoryResponseSchema.parse({ success: true, data: { collectionId, flows } }));
  });
}

/** Serves failureClassification: `failedFlows` for any run (none by default). */
export function serveFailureClassification(failedFlows: readonly FailedFlow[] = []) {
  return http.get(anyOrigin(endpoints.flakiness.failureClassification), ({ request }) => {
    const statusId = new URL(request.url).searchParams.get('id') ?? '';
    return HttpResponse.json(failureClassificationResponseSchema.parse({ success: true, data: { statusId, collectionHash: 'hash-1', resourceKind: 'BROWSER', failedFlows } }));
  });
}

export const flakinessHandlers = [serveFlowHistory(), serveFailureClassification()];
