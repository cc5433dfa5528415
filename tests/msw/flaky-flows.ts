import { http, HttpResponse } from 'msw';
import { flakyFlowsResponseSchema, type FlakyFlow } from '../../src/shared/contracts/flakiness';
import { endpoints } from '../../src/shared/endpoints';
import { anyOrigin } from './handlers';

export function makeFlakyFlow(overrides: Partial<FlakyFlow> = {}): FlakyFlow {
  return {
    collectionId: 'collection-1',
    collectionName: 'Checkout',
    flowId: 'flow-1',
    flowName: 'Pay by card',
    flipRate: 0.5,
    flips: 2,
    failures: 2,
    runs: 5,
    lastFlip: '2026-03-05T12:05:00.000Z',
    results: [],
    topSignatures: [],
    ...overrides,
  };
}

/** Serves flakyFlows: `flows` for any range (none by default), each request's range kept in `ranges`. */
export function serveFlakyFlows(flows: readonly FlakyFlow[] = [], ranges: { from: string; to: string }[] = []) {
  return http.get(anyOrigin(endpoints.flakiness.flakyFlows), ({ request }) => {
    const params = new URL(request.url).searchParams;
    ranges.push({ from: params.get('from') ?? '', to: params.get('to') ?? '' });
    return HttpResponse.json(flakyFlowsResponseSchema.parse({ success: true, data: { flows, total: flows.length } }));
  });
}

export const flakyFlowsHandlers = [serveFlakyFlows()];
