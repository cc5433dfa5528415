import { createRoute } from '@hono/zod-openapi';
import { agentClaimSchema, claimAnswerSchema, GATEWAY_AGENT_CLAIM_MS } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { appendLog, parseRunVariables, type RunRow } from '../../runs/repository';
import type { Api } from '../../services';
import { gatewayAgentAuthentication, servingAgent } from '../agentAuth';
import { claimDeviceRuns, stoppedDeviceRuns, touchAgentResources } from '../mobileDevices';
import { agentRecordingCommand } from '../../recordings/repository';
import { agentRunState, claimRun } from '../repository';
import { agentNotRegistered, agentTooMany, agentUnauthorized } from './registerAgent';

export function registerClaimRun({ app, endpoint, services }: Api): void {
  const agentOf = gatewayAgentAuthentication(services.db);
  const route = endpoint(
    'public',
    createRoute({
      method: 'post',
      path: endpoints.gatewayAgents.claim,
      tags: ['Gateway agent'],
      summary: 'A gateway agent takes the run allocated to it, if any',
      description: `Polled every ${GATEWAY_AGENT_CLAIM_MS / 1000} s (it also counts as a heartbeat). data.run is null when there is nothing to do for its machine; data.deviceRuns has a run for each of its idle phones (idleDevices) that has one; data.stopped names the agent's runs that were cancelled or released meanwhile; data.recording is its recording, while one holds it or just ended.`,
      request: { body: { required: true, content: { 'application/json': { schema: agentClaimSchema } } } },
      responses: {
        200: { description: 'The run to execute, or null.', content: { 'application/json': { schema: claimAnswerSchema } } },
        401: agentUnauthorized,
        409: agentNotRegistered,
        429: agentTooMany,
      },
    }),
  );

  app.openapi(route, async (c) => {
    const agent = servingAgent(await agentOf(c));
    const { idle, idleDevices } = c.req.valid('json');
    const at = Date.now();
    await touchAgentResources(services.db, agent, at);
    const previous = agent.claimed_status_id;
    const stopped = previous !== null && (await agentRunState(services.db, agent, previous)) === 'stopped' ? [previous] : [];
    stopped.push(...(await stoppedDeviceRuns(services.db, agent.id)));
    const recording = agent.device_id === null ? null : await agentRecordingCommand(services.db, agent.device_id);
    const run = idle && agent.device_id !== null ? await claimRun(services.db, { ...agent, device_id: agent.device_id }) : undefined;
    const deviceRuns = await claimDeviceRuns(services.db, agent.id, idleDevices);
    // The platform as this agent reaches it; the server's own origin may be a loopback address.
    const baseUrl = new URL(c.req.url).origin;
    const claimed = async (taken: RunRow, deviceId: string) => {
      await appendLog(services.db, taken.status_id, `Taken by gateway agent ${deviceId}`);
      return { statusId: taken.status_id, collection: JSON.parse(taken.collection) as unknown, variables: parseRunVariables(taken.variables), baseUrl };
    };
    const data = {
      run: run && agent.device_id !== null ? await claimed(run, agent.device_id) : null,
      deviceRuns: await Promise.all(deviceRuns.map(async (entry) => ({ deviceId: entry.deviceId, run: await claimed(entry.run, entry.deviceId) }))),
      stopped,
      recording,
    };
    return c.json({ success: true as const, data }, 200);
  });
}
