import { http, HttpResponse } from 'msw';
import {
  flowNotQuarantinedMessage,
  QUARANTINE_MESSAGES,
  quarantineFlowRequestSchema,
  releaseFlowRequestSchema,
  type FlowQuarantine,
} from '../../src/shared/contracts/quarantine';
import { endpoints } from '../../src/shared/endpoints';
import { anyOrigin, authorizeFeatures, errorResponse } from './handlers';

/** GET quarantine/flows for readers of the collection, answering `quarantinesOf(collectionId)`. */
function listHandler(quarantinesOf: (collectionId: string) => FlowQuarantine[]) {
  return http.get(anyOrigin(endpoints.quarantine.list), ({ request }) => {
    const caller = authorizeFeatures(request, ['STUDIO', 'OPERATIONS_CENTER', 'RTA_MANAGEMENT']);
    if (caller instanceof Response) return caller;
    const collectionId = new URL(request.url).searchParams.get('collectionId') ?? '';
    return HttpResponse.json({ success: true, data: { collectionId, quarantines: quarantinesOf(collectionId) } });
  });
}

/**
 * Flow quarantine as the server keeps it (issue 29), per collection: the list for Studio readers, quarantine and
 * release for RTA_MANAGEMENT, bodies checked with the contract. `requests` records the writes the client sent.
 */
export function quarantineBackend(initial: readonly FlowQuarantine[] = []) {
  const records = new Map(initial.map((record) => [`${record.collectionId}/${record.flowId}`, record]));
  const requests: { path: string; body: unknown }[] = [];
  const invalid = (issues: { path: PropertyKey[]; message: string }[]) =>
    errorResponse(400, issues[0]?.message ?? 'Invalid request', Object.fromEntries(issues.map((issue) => [issue.path.join('.'), [issue.message]])));
  const handlers = [
    listHandler((collectionId) => [...records.values()].filter((record) => record.collectionId === collectionId)),
    http.post(anyOrigin(endpoints.quarantine.quarantineFlow), async ({ request }) => {
      const caller = authorizeFeatures(request, ['RTA_MANAGEMENT']);
      if (caller instanceof Response) return caller;
      const body: unknown = await request.json();
      requests.push({ path: endpoints.quarantine.quarantineFlow, body });
      const parsed = quarantineFlowRequestSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error.issues);
      const record: FlowQuarantine = {
        collectionId: parsed.data.collectionId,
        flowId: parsed.data.flowId,
        flowName: `Flow ${parsed.data.flowId}`,
        reason: parsed.data.reason,
        quarantinedBy: caller.userId,
        quarantinedAt: new Date().toISOString(),
        released: null,
      };
      records.set(`${record.collectionId}/${record.flowId}`, record);
      return HttpResponse.json({ success: true, message: QUARANTINE_MESSAGES.quarantined, data: record });
    }),
    http.post(anyOrigin(endpoints.quarantine.releaseFlow), async ({ request }) => {
      const caller = authorizeFeatures(request, ['RTA_MANAGEMENT']);
      if (caller instanceof Response) return caller;
      const body: unknown = await request.json();
      requests.push({ path: endpoints.quarantine.releaseFlow, body });
      const parsed = releaseFlowRequestSchema.safeParse(body);
      if (!parsed.success) return invalid(parsed.error.issues);
      const key = `${parsed.data.collectionId}/${parsed.data.flowId}`;
      const record = records.get(key);
      if (!record || record.released !== null) return errorResponse(409, flowNotQuarantinedMessage(parsed.data.flowId));
      const released: FlowQuarantine = { ...record, released: { kind: 'MANUAL', by: caller.userId, at: new Date().toISOString(), statusId: null } };
      records.set(key, released);
      return HttpResponse.json({ success: true, message: QUARANTINE_MESSAGES.released, data: released });
    }),
  ];
  return { handlers, records, requests };
}

/** The default: no flow of any collection was ever quarantined (tests that need some use quarantineBackend). */
export const quarantineHandlers = [listHandler(() => [])];
