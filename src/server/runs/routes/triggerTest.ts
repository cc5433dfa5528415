import { createRoute, z } from '@hono/zod-openapi';
import { collectionNotFoundMessage } from '../../../shared/contracts/collections';
import { RUN_MESSAGES, triggerResponseSchema } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { findCollection } from '../../collections/repository';

export function registerTriggerTest({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'get',
      path: endpoints.runs.trigger,
      tags: ['Runs'],
      summary: 'Queue a run of a collection',
      description:
        'Snapshots the collection as it is now and queues it; the run starts when a free resource of its type (or one of ' +
        'its hybridDeviceIds) is available. data.statusId names the run.',
      request: { query: z.object({ id: z.string().trim().min(1).max(64) }) },
      responses: {
        200: { description: 'The run is queued.', content: { 'application/json': { schema: triggerResponseSchema } } },
        404: { description: 'No live collection of that id.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('query');
    const user = currentUser(c);
    const collection = await findCollection(services.db, id, user.row.org_id);
    if (!collection) throw new ApiError(404, collectionNotFoundMessage(id));
    await services.disk.assertRoomFor('runs');
    const run = await services.runs.enqueue(collection, { orgId: user.row.org_id, userId: user.row.user_id });
    return c.json({ status: true as const, message: RUN_MESSAGES.executed, data: { statusId: run.status_id } }, 200);
  });
}
