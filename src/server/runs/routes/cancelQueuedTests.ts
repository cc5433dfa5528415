import { createRoute, z } from '@hono/zod-openapi';
import { messageResponseSchema, RUN_MESSAGES } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { listRunsIn } from '../repository';
import type { Api } from '../../services';
import { idList } from '../runLookup';

const formSchema = z.object({ statusIds: z.union([z.string(), z.array(z.string())]) });

export const noQueuedRunMessage = (ids: readonly string[]): string => `No queued collection run with status id ${ids.join(', ')}.`;

export function registerCancelQueuedTests({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'post',
      path: endpoints.runs.cancelQueued,
      tags: ['Runs'],
      summary: 'Cancel queued runs',
      description:
        'statusIds is a comma list, or repeated. Ids that are not queued (any more) are reported in a 404 when none was cancelled.',
      request: {
        body: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: formSchema }, 'multipart/form-data': { schema: formSchema } },
        },
      },
      responses: {
        200: { description: 'Cancelled.', content: { 'application/json': { schema: messageResponseSchema } } },
        404: { description: 'None of the ids is a queued run of the organization.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const ids = idList(c.req.valid('form').statusIds);
    if (ids.length === 0) throw new ApiError(400, 'statusIds: give at least one status id.', {}, { statusIds: ['required'] });
    const user = currentUser(c);
    const queuedInOrg = new Set((await listRunsIn(services.db, ['QUEUED'], user.row.org_id)).map((run) => run.status_id));
    const cancelled = await services.runs.cancelQueued(
      ids.filter((id) => queuedInOrg.has(id)),
      user.row.user_id,
    );
    if (cancelled.length === 0) throw new ApiError(404, noQueuedRunMessage(ids));
    const message = cancelled.length > 1 ? RUN_MESSAGES.allQueuedCancelled : RUN_MESSAGES.queuedCancelled;
    return c.json({ success: true as const, message }, 200);
  });
}
