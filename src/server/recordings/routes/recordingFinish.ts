import { z } from '@hono/zod-openapi';
import { isActiveRecordingStatus } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import type { Api } from '../../services';
import { commandOf, finishRecording } from '../repository';
import { agentRecordingOf, agentRecordingRoute } from './agentRecordingReport';

const NOT_STOPPED_MESSAGE = 'The recording has not been stopped: it cannot be finished yet.';

export function registerRecordingFinish({ app, endpoint, services }: Api): void {
  const recordingOf = agentRecordingOf(services);
  const route = endpoint(
    'public',
    agentRecordingRoute(
      endpoints.gatewayAgents.recordingFinishRoute,
      'A gateway agent sent everything of a stopped recording',
      'Only while PROCESSING: the stored actions become a collection (COMPLETED), or CANCELLED when there are none. A second finish answers the same; an active recording answers 409.',
      { required: true, content: { 'application/json': { schema: z.object({}) } } },
    ),
  );
  app.openapi(route, async (c) => {
    const recording = await recordingOf(c, c.req.valid('param').id);
    if (isActiveRecordingStatus(recording.status)) throw new ApiError(409, NOT_STOPPED_MESSAGE);
    const finished = await finishRecording(services.db, recording.id);
    void services.runs.dispatch();
    return c.json({ success: true as const, data: commandOf(finished) }, 200);
  });
}
