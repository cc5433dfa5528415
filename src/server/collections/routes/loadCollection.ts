import { createRoute, z } from '@hono/zod-openapi';
import {
  COLLECTION_OPENED_MESSAGE,
  collectionNotFoundMessage,
  collectionResponseSchema,
  FIELD_ERROR_KEYS,
} from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { findCollection } from '../repository';

export function registerLoadCollection({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'get',
      path: endpoints.collections.load,
      tags: ['Collections'],
      summary: 'Open a collection',
      request: { query: z.object({ id: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(64) }) },
      responses: {
        200: { description: 'The whole collection.', content: { 'application/json': { schema: collectionResponseSchema } } },
        404: { description: 'No live collection of that id.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('query');
    const collection = await findCollection(services.db, id, currentUser(c).row.org_id);
    if (!collection) throw new ApiError(404, collectionNotFoundMessage(id));
    return c.json({ status: true as const, message: COLLECTION_OPENED_MESSAGE, data: collection }, 200);
  });
}
