import { createRoute } from '@hono/zod-openapi';
import { healthStatusResponseSchema } from '../../../shared/contracts/health';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { probeServices } from '../probes';

export function registerHealthStatus({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.health.status,
      tags: ['Health'],
      summary: 'Health of each platform service: Database, Scheduler, Resource Pool',
      responses: { 200: { description: 'One item per service.', content: { 'application/json': { schema: healthStatusResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => c.json({ success: true as const, data: await probeServices(services) }, 200));
}
