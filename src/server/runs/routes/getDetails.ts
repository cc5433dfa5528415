import { createRoute, z } from '@hono/zod-openapi';
import { runDetailsResponseSchema } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { runDetailsOf } from '../runViews';
import type { Api } from '../../services';
import { requireRun, RUN_HISTORY_ACCESS } from '../runLookup';

export function registerGetDetails({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.runs.details,
      tags: ['Runs'],
      summary: 'A run with its flows per loop, step results, images, attachments and logs',
      description: 'Image and attachment paths are relative to the artifacts folder: fetch them from files/download?path=.',
      request: { query: z.object({ id: z.string().trim().min(1).max(64) }) },
      responses: {
        200: { description: 'The run.', content: { 'application/json': { schema: runDetailsResponseSchema } } },
        404: { description: 'No such run.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const run = await requireRun(services, c, c.req.valid('query').id);
    return c.json({ success: true as const, data: await runDetailsOf(services.db, run) }, 200);
  });
}
