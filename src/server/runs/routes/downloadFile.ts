import { createRoute, z } from '@hono/zod-openapi';
import { endpoints } from '../../../shared/endpoints';
import { findRunFile, runFileBody } from '../runFiles';
import type { Api } from '../../services';
import { callerOrgId, RUN_HISTORY_ACCESS } from '../runLookup';

export { FILE_NOT_FOUND_MESSAGE } from '../runFiles';

export function registerDownloadFile({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.runs.downloadFile,
      tags: ['Runs'],
      summary: 'A run artifact (screenshot, video, HTTP response) by the path step results give',
      description: 'Only files inside the artifacts folder are served; a path that leaves it is a 400.',
      request: { query: z.object({ path: z.string().min(1).max(1000) }) },
      responses: {
        200: { description: 'The file.', content: { 'application/octet-stream': { schema: z.string() } } },
        404: { description: 'No such file.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const found = await findRunFile(services.db, services.filesDir, callerOrgId(c), c.req.valid('query').path);
    const { body, headers } = runFileBody(found, 'inline');
    return c.body(body, 200, { ...headers, 'Cache-Control': 'private, max-age=3600' });
  });
}
