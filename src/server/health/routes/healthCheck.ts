import { createRoute } from '@hono/zod-openapi';
import { healthCheckResponseSchema } from '../../../shared/contracts/health';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { databaseReadable } from '../probes';

export function registerHealthCheck({ app, endpoint, services }: Api): void {
  const json = { 'application/json': { schema: healthCheckResponseSchema } };
  const route = endpoint(
    'public',
    createRoute({
      method: 'get',
      path: endpoints.health.check,
      tags: ['Health'],
      summary: 'Liveness for load balancers and the client: UP when the database answers',
      responses: { 200: { description: 'UP', content: json }, 503: { description: 'DOWN', content: json } },
    }),
  );

  app.openapi(route, async (c) => {
    const up = await databaseReadable(services.db);
    const time = new Date().toISOString();
    return up ? c.json({ status: 'UP' as const, time }, 200) : c.json({ status: 'DOWN' as const, time }, 503);
  });
}
