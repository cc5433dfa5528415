import { createRoute, z } from '@hono/zod-openapi';
import { messageResponseSchema, RUN_MESSAGES, runAlreadyEndedMessage } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { requireRun } from '../runLookup';

export function registerCancelRunningTest({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'post',
      path: endpoints.runs.cancelRunning,
      tags: ['Runs'],
      summary: 'Stop a running (or queued) collection run',
      description: 'The run becomes CANCELLED, its browser closes and its resource is freed before the answer.',
      request: { query: z.object({ statusId: z.string().trim().min(1).max(64) }) },
      responses: {
        200: { description: 'Stopped.', content: { 'application/json': { schema: messageResponseSchema } } },
        404: { description: 'No such run (message: the reason; the client adds "Error stopping the collection!").' },
        409: { description: 'The run already ended (message: the reason).' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { statusId } = c.req.valid('query');
    const by = currentUser(c).row.user_id;
    const run = await requireRun(services, c, statusId);
    const stopped =
      run.state === 'QUEUED'
        ? (await services.runs.cancelQueued([statusId], by)).length > 0
        : await services.runs.stop(statusId, { state: 'CANCELLED', by, reason: `Cancelled by ${by}` });
    if (!stopped) throw new ApiError(409, runAlreadyEndedMessage(run.state));
    return c.json({ success: true as const, message: RUN_MESSAGES.stopped(statusId) }, 200);
  });
}
