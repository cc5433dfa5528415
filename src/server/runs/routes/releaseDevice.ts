import { createRoute, z } from '@hono/zod-openapi';
import { RECORDING_MESSAGES } from '../../../shared/contracts/recordings';
import { messageResponseSchema, RUN_MESSAGES } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { endRecordingsOn } from '../../recordings/repository';
import type { Api } from '../../services';

const formSchema = z.object({ deviceType: z.enum(['MOBILE', 'DESKTOP', 'BROWSER']).optional() });

export const NOT_BUSY_MESSAGE = 'Only a busy device can be released.';
export const unknownDeviceMessage = (deviceId: string): string => `No resource with device id ${deviceId}.`;

export function registerReleaseDevice({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'post',
      path: endpoints.runs.releaseDevice,
      tags: ['Resources'],
      summary: 'Release a busy resource',
      description: 'The run holding the resource is stopped (ABORTED), or the recording holding it cancelled, and the resource is free when this answers.',
      request: {
        query: z.object({ deviceId: z.string().trim().min(1).max(200) }),
        body: {
          required: false,
          content: { 'application/x-www-form-urlencoded': { schema: formSchema }, 'multipart/form-data': { schema: formSchema } },
        },
      },
      responses: {
        200: { description: 'Released.', content: { 'application/json': { schema: messageResponseSchema } } },
        404: { description: 'No such resource.' },
        409: { description: 'The resource is not busy.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { deviceId } = c.req.valid('query');
    const exists = await services.db.selectFrom('resources').select('device_id').where('device_id', '=', deviceId).executeTakeFirst();
    if (!exists) throw new ApiError(404, unknownDeviceMessage(deviceId));
    const by = currentUser(c).row.user_id;
    // A recording holds an agent's device without marking it in use: releasing it ends the recording.
    const endedRecordings = await endRecordingsOn(services.db, [deviceId], RECORDING_MESSAGES.released(by));
    if (!(await services.runs.releaseDevice(deviceId, by)) && endedRecordings === 0) throw new ApiError(409, NOT_BUSY_MESSAGE);
    return c.json({ success: true as const, message: RUN_MESSAGES.released }, 200);
  });
}
