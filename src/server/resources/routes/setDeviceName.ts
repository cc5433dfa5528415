import { createRoute } from '@hono/zod-openapi';
import {
  deviceSavedResponseSchema,
  RESOURCE_SAVED_MESSAGE,
  resourceNotFoundMessage,
  setDeviceNameQuerySchema,
  type CmdDeviceType,
} from '../../../shared/contracts/devices';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import type { Api } from '../../services';
import { renameDevice } from '../repository';

/** Each kind of resource has its own rename path (spec part 1 §7 Devices); a path renames only its own kind. */
const RENAME_PATHS: Record<CmdDeviceType, string> = {
  MOBILE: endpoints.devices.setMobileName,
  DESKTOP: endpoints.devices.setDesktopName,
  BROWSER: endpoints.devices.setBrowserName,
};

export function registerSetDeviceName({ app, endpoint, services }: Api): void {
  for (const [cmdDeviceType, path] of Object.entries(RENAME_PATHS) as [CmdDeviceType, string][]) {
    const route = endpoint(
      'ORGANIZATIONS_MANAGEMENT',
      createRoute({
        method: 'get',
        path,
        tags: ['Resources'],
        summary: `Rename a ${cmdDeviceType.toLowerCase()} resource (its deviceDisplayName)`,
        request: { query: setDeviceNameQuerySchema },
        responses: {
          200: { description: 'Renamed.', content: { 'application/json': { schema: deviceSavedResponseSchema } } },
          404: { description: 'No resource of that kind and deviceId.', content: { 'application/json': { schema: errorBodySchema } } },
        },
      }),
    );

    app.openapi(route, async (c) => {
      const { deviceId, deviceDisplayName } = c.req.valid('query');
      const device = await renameDevice(services.db, cmdDeviceType, deviceId, deviceDisplayName);
      if (!device) throw new ApiError(404, resourceNotFoundMessage(deviceId));
      return c.json({ status: true as const, message: RESOURCE_SAVED_MESSAGE, data: device }, 200);
    });
  }
}
