import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { agentRecordingAnswerSchema, RECORDING_MESSAGES } from '../../../shared/contracts/recordings';
import { gatewayAgentAuthentication, registeredAgent } from '../../gateway-agents/agentAuth';
import { agentNotRegistered, agentTooMany, agentUnauthorized } from '../../gateway-agents/routes/registerAgent';
import { ApiError } from '../../http/apiError';
import type { Services } from '../../services';
import { agentRecording, type RecordingRow } from '../repository';

const recordingIdParams = z.object({ id: z.string().trim().min(1).max(64) });

/** The route of one kind of report an agent sends about its recording; `body` is its request body. */
export function agentRecordingRoute<B extends { required: true; content: Record<string, { schema: z.ZodTypeAny }> }>(path: string, summary: string, description: string, body: B) {
  return createRoute({
    method: 'post',
    path,
    tags: ['Gateway agent'],
    summary,
    description: `With the agent token, about a recording on its own device. ${description} The answer is the platform's current wish.`,
    request: { params: recordingIdParams, body },
    responses: {
      200: { description: 'Done, or ignored when the recording is past it.', content: { 'application/json': { schema: agentRecordingAnswerSchema } } },
      401: agentUnauthorized,
      404: { description: "No such recording on this agent's device (another agent's is none either).", content: { 'application/json': { schema: errorBodySchema } } },
      409: agentNotRegistered,
      429: agentTooMany,
    },
  });
}

/** Authenticates the agent and finds the recording it names, which must be on its own device. */
export function agentRecordingOf(services: Services): (c: Context, id: string) => Promise<RecordingRow> {
  const agentOf = gatewayAgentAuthentication(services.db);
  return async (c, id) => {
    const agent = registeredAgent(await agentOf(c));
    const found = await agentRecording(services.db, id, agent.device_id);
    if (!found) throw new ApiError(404, RECORDING_MESSAGES.notFound);
    return found;
  };
}
