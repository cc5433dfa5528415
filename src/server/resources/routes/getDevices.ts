import { createRoute } from '@hono/zod-openapi';
import { devicesResponseSchema, type CmdDeviceType, type Device } from '../../../shared/contracts/devices';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { listDevices } from '../repository';

export function registerGetDevices({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.devices.list,
      tags: ['Resources'],
      summary: 'Every resource, by kind, with its pluggedIn and deviceInUse flags',
      responses: { 200: { description: 'Mobile, desktop and browser resources.', content: { 'application/json': { schema: devicesResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const devices = await listDevices(services.db);
    const ofKind = (kind: CmdDeviceType): Device[] => devices.filter((device) => device.cmdDeviceType === kind);
    const data = { mobileDevices: ofKind('MOBILE'), desktopDevices: ofKind('DESKTOP'), browserDevices: ofKind('BROWSER') };
    return c.json({ status: true as const, data }, 200);
  });
}
