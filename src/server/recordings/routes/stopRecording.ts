import { createRoute } from '@hono/zod-openapi';
import { RECORDING_MESSAGES, recordingChangeResponseSchema, recordingStoppedMessage, stopRecordingSchema } from '../../../shared/contracts/recordings';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { stopOwnRecording } from '../repository';
import { changeAnswer, recordingNotFound, recordingRefused } from './ownRecordingChange';

export function registerStopRecording({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'RECORD_PLAYBACK',
    createRoute({
      method: 'put',
      path: endpoints.importExport.stopRecording,
      tags: ['Recording'],
      summary: "Stop (or cancel) the caller's recording",
      description:
        'Stop: an INPROGRESS or IDLE recording goes PROCESSING; its agent sends what is left and the collection is made ' +
        '(COMPLETED). cancelRecording: an active or PROCESSING recording is CANCELLED and makes no collection.',
      request: { body: { required: true, content: { 'application/json': { schema: stopRecordingSchema } } } },
      responses: {
        200: { description: 'data.recordingStatus is the status now.', content: { 'application/json': { schema: recordingChangeResponseSchema } } },
        404: recordingNotFound,
        409: recordingRefused,
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { id, cancelRecording } = c.req.valid('json');
    const result = await stopOwnRecording(services.db, id, currentUser(c).row.id, cancelRecording);
    void services.runs.dispatch();
    return c.json(changeAnswer(result, cancelRecording ? RECORDING_MESSAGES.cancelled : recordingStoppedMessage('PROCESSING'), RECORDING_MESSAGES.notActive), 200);
  });
}
