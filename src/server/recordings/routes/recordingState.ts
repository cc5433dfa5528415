import { agentRecordingStateSchema } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { agentStateChange, commandOf } from '../repository';
import { agentRecordingOf, agentRecordingRoute } from './agentRecordingReport';

export function registerRecordingState({ app, endpoint, services }: Api): void {
  const recordingOf = agentRecordingOf(services);
  const route = endpoint(
    'public',
    agentRecordingRoute(
      endpoints.gatewayAgents.recordingStateRoute,
      "A gateway agent's browser closed, or it could not record",
      'IDLE: the browser was closed (an INPROGRESS recording waits for continue). CANCELLED: an active recording ends with the message.',
      { required: true, content: { 'application/json': { schema: agentRecordingStateSchema } } },
    ),
  );
  app.openapi(route, async (c) => {
    const recording = await recordingOf(c, c.req.valid('param').id);
    const { status, message } = c.req.valid('json');
    const changed = await agentStateChange(services.db, recording, status, message);
    if (changed.status === 'CANCELLED') void services.runs.dispatch();
    return c.json({ success: true as const, data: commandOf(changed) }, 200);
  });
}
