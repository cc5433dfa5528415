import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { GATEWAY_AGENT_MESSAGES, runReportAnswerSchema, type RunReportAnswer } from '../../../shared/contracts/gateway-agents';
import { ApiError } from '../../http/apiError';
import type { Services } from '../../services';
import { gatewayAgentAuthentication } from '../agentAuth';
import { agentRunState } from '../repository';
import { agentTooMany, agentUnauthorized } from './registerAgent';

export const statusIdParams = z.object({ statusId: z.string().trim().min(1).max(64) });

/** The route of one kind of report an agent sends about the run it executes; `body` is its request body. */
export function runReportRoute<B extends { required: true; content: Record<string, { schema: z.ZodTypeAny }> }>(path: string, summary: string, body: B) {
  return createRoute({
    method: 'post',
    path,
    tags: ['Gateway agent'],
    summary,
    description: 'With the agent token, about the run it claimed. data.cancelled true: the run was cancelled or its resource released, stop it.',
    request: { params: statusIdParams, body },
    responses: {
      200: { description: 'Recorded, or ignored when the run no longer runs.', content: { 'application/json': { schema: runReportAnswerSchema } } },
      401: agentUnauthorized,
      403: { description: 'The run is not the one this agent claimed.', content: { 'application/json': { schema: errorBodySchema } } },
      429: agentTooMany,
    },
  });
}

/**
 * Authenticates the agent, and writes its report with `write` while the run still runs; a stopped run writes nothing
 * and answers cancelled, which is how a Cancel reaches an agent that the platform cannot call.
 */
export function runReporter(services: Services) {
  const agentOf = gatewayAgentAuthentication(services.db);
  return async (c: Context, statusId: string, write: () => Promise<void>): Promise<{ success: true; data: RunReportAnswer }> => {
    const agent = await agentOf(c);
    const state = await agentRunState(services.db, agent, statusId);
    if (state === 'not-yours') throw new ApiError(403, GATEWAY_AGENT_MESSAGES.notYourRun);
    if (state === 'running') await write();
    return { success: true, data: { cancelled: state === 'stopped' } };
  };
}
