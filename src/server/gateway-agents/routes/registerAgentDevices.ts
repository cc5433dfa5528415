import { createRoute } from '@hono/zod-openapi';
import { agentDevicesAcceptedSchema, GATEWAY_AGENT_CLAIM_MS, GATEWAY_AGENT_HEARTBEAT_MS, registerAgentDevicesSchema } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { gatewayAgentAuthentication } from '../agentAuth';
import { registerAgentDevices } from '../mobileDevices';
import { agentTooMany, agentUnauthorized } from './registerAgent';

export function registerRegisterAgentDevices({ app, endpoint, services }: Api): void {
  const agentOf = gatewayAgentAuthentication(services.db);
  const route = endpoint(
    'public',
    createRoute({
      method: 'post',
      path: endpoints.gatewayAgents.registerDevices,
      tags: ['Gateway agent'],
      summary: 'A gateway agent lists the phones it serves through Appium, each a MOBILE resource',
      description:
        'With the agent token. Each listed device (by udid) is Available unless a run holds it; the agent\'s devices missing from the list go Offline ' +
        'and a run on one ends ABORTED. started: true on the first list after the agent started (runs its devices had taken end ABORTED). ' +
        'data.devices answers each udid\'s device id.',
      request: { body: { required: true, content: { 'application/json': { schema: registerAgentDevicesSchema } } } },
      responses: {
        200: { description: 'Registered.', content: { 'application/json': { schema: agentDevicesAcceptedSchema } } },
        401: agentUnauthorized,
        429: agentTooMany,
      },
    }),
  );

  app.openapi(route, async (c) => {
    const agent = await agentOf(c);
    const { devices, started } = c.req.valid('json');
    const registered = await registerAgentDevices(services.db, agent, devices, started, Date.now());
    void services.runs.dispatch();
    return c.json({ success: true as const, data: { devices: registered, heartbeatMs: GATEWAY_AGENT_HEARTBEAT_MS, claimMs: GATEWAY_AGENT_CLAIM_MS } }, 200);
  });
}
