import { createRoute } from '@hono/zod-openapi';
import { collectionLabelQuerySchema, collectionLabelResponseSchema } from '../../../shared/contracts/labels';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { RUN_HISTORY_ACCESS } from '../../runs/runLookup';
import { findCollectionLabel } from '../repository';

export function registerGetCollectionLabel({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.failureLabels.ofCollection,
      tags: ['Failure labels'],
      summary: 'The failure label attached to a run (collectionId is the run statusId)',
      request: { query: collectionLabelQuerySchema },
      responses: {
        200: { description: 'The label, or data null when none is attached.', content: { 'application/json': { schema: collectionLabelResponseSchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { collectionId } = c.req.valid('query');
    const label = await findCollectionLabel(services.db, currentUser(c).row.org_id, collectionId);
    return c.json({ status: true as const, message: label ? 'Success' : 'No label attached', data: label ?? null }, 200);
  });
}
