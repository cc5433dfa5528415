import { createRoute } from '@hono/zod-openapi';
import { diskSpaceResponseSchema } from '../../../shared/contracts/disk';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';

export function registerGetDiskSpace({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.health.disk,
      tags: ['Health'],
      summary: 'Free space of DATA_DIR and ARTIFACTS_DIR',
      description:
        'One item per folder the server writes (ARTIFACTS_DIR only when it is not DATA_DIR): its size, free bytes and level. ' +
        'low is below 10 % free; full is below 2 %, where new runs and imports are refused with 507.',
      responses: { 200: { description: 'One item per folder.', content: { 'application/json': { schema: diskSpaceResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => c.json({ success: true as const, data: await services.disk.space() }, 200));
}
