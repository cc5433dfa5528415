import { createRoute, z } from '@hono/zod-openapi';
import { cancelQueuedResponseSchema } from '../../../shared/contracts/operations';
import { RUN_MESSAGES } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { listRunsIn } from '../repository';
import type { Api } from '../../services';
import { idList, RUN_HISTORY_ACCESS } from '../runLookup';

const formSchema = z.object({
  statusIds: z.union([z.string(), z.array(z.string())]).optional(),
  all: z.enum(['true', 'false']).optional(),
});

export const noQueuedRunMessage = (ids: readonly string[]): string => `No queued collection run with status id ${ids.join(', ')}.`;

export function registerCancelQueuedTests({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'post',
      path: endpoints.runs.cancelQueued,
      tags: ['Runs'],
      summary: 'Cancel queued runs, or all of them',
      description:
        'statusIds is a comma list, or repeated. Ids that are not queued (any more) are reported in a 404 when none was ' +
        "cancelled. all=true cancels every queued run of the caller's organization in one transaction (statusIds are then " +
        'not needed), and answers 200 with cancelled 0 when nothing was queued. cancelled counts the runs cancelled.',
      request: {
        body: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: formSchema }, 'multipart/form-data': { schema: formSchema } },
        },
      },
      responses: {
        200: { description: 'Cancelled.', content: { 'application/json': { schema: cancelQueuedResponseSchema } } },
        404: { description: 'None of the ids is a queued run of the organization.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const form = c.req.valid('form');
    const user = currentUser(c);
    if (form.all === 'true') {
      const cancelled = await services.runs.cancelAllQueued(user.row.org_id, user.row.user_id);
      return c.json({ success: true as const, message: RUN_MESSAGES.allQueuedCancelled, cancelled: cancelled.length }, 200);
    }
    const ids = idList(form.statusIds);
    if (ids.length === 0) throw new ApiError(400, 'statusIds: give at least one status id.', {}, { statusIds: ['required'] });
    const queuedInOrg = new Set((await listRunsIn(services.db, ['QUEUED'], user.row.org_id)).map((run) => run.status_id));
    const cancelled = await services.runs.cancelQueued(
      ids.filter((id) => queuedInOrg.has(id)),
      user.row.user_id,
    );
    if (cancelled.length === 0) throw new ApiError(404, noQueuedRunMessage(ids));
    const message = cancelled.length > 1 ? RUN_MESSAGES.allQueuedCancelled : RUN_MESSAGES.queuedCancelled;
    return c.json({ success: true as const, message, cancelled: cancelled.length }, 200);
  });
}
