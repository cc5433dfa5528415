import { createRoute } from '@hono/zod-openapi';
import { flowQuarantinesQuerySchema, flowQuarantinesResponseSchema } from '../../../shared/contracts/quarantine';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { QUARANTINE_READ_ACCESS } from '../access';
import { listQuarantines, toFlowQuarantine } from '../repository';

export function registerGetFlowQuarantines({ app, endpoint, services }: Api): void {
  const route = endpoint(
    QUARANTINE_READ_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.quarantine.list,
      tags: ['Quarantine'],
      summary: 'The flows of a collection ever quarantined, each with its latest quarantine (in force or released)',
      request: { query: flowQuarantinesQuerySchema },
      responses: {
        200: { description: 'The quarantines.', content: { 'application/json': { schema: flowQuarantinesResponseSchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { collectionId } = c.req.valid('query');
    const rows = await listQuarantines(services.db, currentUser(c).row.org_id, collectionId);
    return c.json({ success: true as const, data: { collectionId, quarantines: rows.map(toFlowQuarantine) } }, 200);
  });
}
