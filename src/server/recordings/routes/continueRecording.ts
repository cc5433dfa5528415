import { createRoute } from '@hono/zod-openapi';
import { continueRecordingSchema, RECORDING_MESSAGES, recordingChangeResponseSchema } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { continueOwnRecording } from '../repository';
import { changeAnswer, recordingNotFound, recordingRefused } from './ownRecordingChange';

export function registerContinueRecording({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'RECORD_PLAYBACK',
    createRoute({
      method: 'put',
      path: endpoints.importExport.continueRecording,
      tags: ['Recording'],
      summary: "Continue the caller's IDLE recording",
      description: 'The agent reopens its browser on its next claim (INPROGRESS).',
      request: { body: { required: true, content: { 'application/json': { schema: continueRecordingSchema } } } },
      responses: {
        200: { description: 'INPROGRESS again.', content: { 'application/json': { schema: recordingChangeResponseSchema } } },
        404: recordingNotFound,
        409: recordingRefused,
      },
    }),
  );

  app.openapi(route, async (c) => {
    const result = await continueOwnRecording(services.db, c.req.valid('json').id, currentUser(c).row.id);
    return c.json(changeAnswer(result, RECORDING_MESSAGES.continued, RECORDING_MESSAGES.notIdle), 200);
  });
}
