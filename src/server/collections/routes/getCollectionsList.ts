import { createRoute } from '@hono/zod-openapi';
import { collectionListResponseSchema, toCollectionSummary } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { listCollections } from '../repository';

export function registerGetCollectionsList({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'get',
      path: endpoints.collections.list,
      tags: ['Collections'],
      summary: "The caller's organization collections, by name",
      responses: {
        200: {
          description: "One summary per collection; deleted ones carry result 'deleted'.",
          content: { 'application/json': { schema: collectionListResponseSchema } },
        },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const collections = await listCollections(services.db, { orgId: currentUser(c).row.org_id, includeDeleted: true });
    return c.json({ success: true as const, data: collections.map(toCollectionSummary) }, 200);
  });
}
