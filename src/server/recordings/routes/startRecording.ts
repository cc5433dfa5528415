import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { RECORDING_MESSAGES, startRecordingResponseSchema, startRecordingSchema } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { startRecording } from '../repository';

export function registerStartRecording({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'RECORD_PLAYBACK',
    createRoute({
      method: 'post',
      path: endpoints.importExport.startRecording,
      tags: ['Recording'],
      summary: 'Start recording a flow on a desktop gateway agent',
      description:
        "The device must be an online gateway agent DESKTOP resource of the caller's organization that executes no run " +
        'and holds no recording; the agent learns of the recording in its next claim and opens a browser.',
      request: { body: { required: true, content: { 'application/json': { schema: startRecordingSchema } } } },
      responses: {
        200: { description: 'Started (INPROGRESS).', content: { 'application/json': { schema: startRecordingResponseSchema } } },
        409: { description: 'The device executes a run or holds a recording.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const started = await startRecording(services.db, currentUser(c).row, c.req.valid('json'));
    if (started === 'unavailable') throw new ApiError(400, RECORDING_MESSAGES.deviceNotAvailable, {}, { deviceId: [RECORDING_MESSAGES.deviceNotAvailable] });
    if (started === 'busy') throw new ApiError(409, RECORDING_MESSAGES.deviceNotAvailable, {}, { deviceId: [RECORDING_MESSAGES.deviceNotAvailable] });
    return c.json({ status: true as const, message: RECORDING_MESSAGES.started, data: { recordingId: started } }, 200);
  });
}
