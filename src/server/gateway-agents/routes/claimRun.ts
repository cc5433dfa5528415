import { createRoute } from '@hono/zod-openapi';
import { agentClaimSchema, claimAnswerSchema, GATEWAY_AGENT_CLAIM_MS } from '../../../shared/contracts/gateway-agents';
import { endpoints } from '../../../shared/endpoints';
import { touchRemoteBrowser } from '../../resources/remoteBrowsers';
import { appendLog, parseRunVariables } from '../../runs/repository';
import type { Api } from '../../services';
import { gatewayAgentAuthentication, registeredAgent } from '../agentAuth';
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
      description: `Polled every ${GATEWAY_AGENT_CLAIM_MS / 1000} s (it also counts as a heartbeat). data.run is null when there is nothing to do; data.stopped names the agent's run when it was cancelled meanwhile; data.recording is its recording, while one holds it or just ended.`,
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
    const agent = registeredAgent(await agentOf(c));
    await touchRemoteBrowser(services.db, agent.device_id, Date.now());
    const previous = agent.claimed_status_id;
    const stopped = previous !== null && (await agentRunState(services.db, agent, previous)) === 'stopped' ? [previous] : [];
    const recording = await agentRecordingCommand(services.db, agent.device_id);
    const run = c.req.valid('json').idle ? await claimRun(services.db, agent) : undefined;
    if (!run) return c.json({ success: true as const, data: { run: null, stopped, recording } }, 200);
    await appendLog(services.db, run.status_id, `Taken by gateway agent ${agent.device_id}`);
    const claimed = {
      statusId: run.status_id,
      collection: JSON.parse(run.collection) as unknown,
      variables: parseRunVariables(run.variables),
      // The platform as this agent reaches it; the server's own origin may be a loopback address.
      baseUrl: new URL(c.req.url).origin,
    };
    return c.json({ success: true as const, data: { run: claimed, stopped, recording } }, 200);
  });
}
