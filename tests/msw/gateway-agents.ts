import { http, HttpResponse } from 'msw';
import {
  createGatewayAgentSchema,
  GATEWAY_AGENT_MESSAGES,
  gatewayAgentCreatedSchema,
  gatewayAgentListSchema,
  type GatewayAgent,
} from '../../src/shared/contracts/gateway-agents';
import { endpoints } from '../../src/shared/endpoints';
import { nextId } from './factories';
import { anyOrigin, errorResponse } from './handlers';

export function makeGatewayAgent(overrides: Partial<GatewayAgent> = {}): GatewayAgent {
  return {
    id: nextId('agent'),
    name: 'Agent',
    deviceId: null,
    mobileDeviceIds: [],
    os: null,
    browsers: [],
    createdBy: 'admin',
    createdAt: '2026-01-01T00:00:00.000Z',
    lastSeenAt: null,
    online: false,
    revokedAt: null,
    ...overrides,
  };
}

/** The gateway agent token calls, as the server answers them: tokens ga_1, ga_2… shown once; revoke marks the row. */
export function gatewayAgentsBackend(agents: GatewayAgent[] = []) {
  const state = { agents, created: 0 };
  const handlers = [
    http.get(anyOrigin(endpoints.gatewayAgents.list), () => HttpResponse.json(gatewayAgentListSchema.parse({ success: true, data: state.agents }))),
    http.post(anyOrigin(endpoints.gatewayAgents.create), async ({ request }) => {
      const parsed = createGatewayAgentSchema.safeParse(await request.json());
      if (!parsed.success) return errorResponse(400, 'name: required');
      state.created += 1;
      const agent = makeGatewayAgent({ name: parsed.data.name });
      state.agents.unshift(agent);
      const body = { success: true, message: GATEWAY_AGENT_MESSAGES.created(agent.name), data: { agent, token: `ga_${state.created}` } };
      return HttpResponse.json(gatewayAgentCreatedSchema.parse(body), { headers: { 'Cache-Control': 'no-store' } });
    }),
    http.post(anyOrigin(endpoints.gatewayAgents.revokeRoute.replace('{id}', ':id')), ({ params }) => {
      const agent = state.agents.find((candidate) => candidate.id === params.id && candidate.revokedAt === null);
      if (!agent) return errorResponse(404, GATEWAY_AGENT_MESSAGES.notFound);
      agent.revokedAt = new Date().toISOString();
      agent.online = false;
      return HttpResponse.json({ success: true, message: GATEWAY_AGENT_MESSAGES.revoked(agent.name) });
    }),
  ];
  return { state, handlers };
}

/** By default no agent token exists: Resource Management's Desktop kind lists none. */
export const gatewayAgentsHandlers = [
  http.get(anyOrigin(endpoints.gatewayAgents.list), () => HttpResponse.json(gatewayAgentListSchema.parse({ success: true, data: [] }))),
];
