import { recordedActionsSchema } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { commandOf, storeActions } from '../repository';
import { agentRecordingOf, agentRecordingRoute } from './agentRecordingReport';

export function registerRecordingActions({ app, endpoint, services }: Api): void {
  const recordingOf = agentRecordingOf(services);
  const route = endpoint(
    'public',
    agentRecordingRoute(
      endpoints.gatewayAgents.recordingActionsRoute,
      'Actions a gateway agent recorded',
      'Actions below the stored count, or sent before, are stored once; an ended recording stores nothing. data.nextSeq is the stored count.',
      { required: true, content: { 'application/json': { schema: recordedActionsSchema } } },
    ),
  );
  app.openapi(route, async (c) => {
    const recording = await recordingOf(c, c.req.valid('param').id);
    const stored = await storeActions(services.db, recording.id, c.req.valid('json').actions);
    return c.json({ success: true as const, data: commandOf(stored) }, 200);
  });
}
