import { createRoute, z } from '@hono/zod-openapi';
import { collectionNotFoundMessage, FIELD_ERROR_KEYS } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { exportTransferStatsSchema } from '../../../shared/contracts/importexport';
import { endpoints } from '../../../shared/endpoints';
import { findCollection } from '../../collections/repository';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { transferCounterOf } from '../transferCounter';
import type { Api } from '../../services';

export function registerGetTransferStats({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: endpoints.importExport.transferStats,
      tags: ['Import and export'],
      summary: "Diagnostics: bytes sent of a collection's current export file",
      description:
        'For administrators checking that interrupted downloads resume instead of restarting: the body bytes the server ' +
        'handed to the network for the current export file, over every request since it started. In memory only.',
      request: { query: z.object({ id: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(64) }) },
      responses: {
        200: { description: 'The counts.', content: { 'application/json': { schema: exportTransferStatsSchema } } },
        404: { description: 'No such collection, or no export built yet.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('query');
    const { db } = services;
    if (!(await findCollection(db, id, currentUser(c).row.org_id))) throw new ApiError(404, collectionNotFoundMessage(id));
    const built = await db.selectFrom('collection_exports').selectAll().where('collection_id', '=', id).executeTakeFirst();
    if (!built) throw new ApiError(404, `No export of collection ${id} has been built yet.`);
    const totals = transferCounterOf(services).totals(built.etag);
    return c.json({ status: true as const, data: { collectionId: id, etag: built.etag, fileSize: built.size, ...totals } }, 200);
  });
}
