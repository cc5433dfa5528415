import { createRoute, z } from '@hono/zod-openapi';
import { downloadForIdDataSchema } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import { parseJsonParameter } from '../../http/validation';
import { DOWNLOAD_TOKEN_TTL_SECONDS } from '../downloadTokens';
import { findRunFile } from '../runFiles';
import { RUN_HISTORY_ACCESS } from '../runLookup';
import type { Api } from '../../services';

export function registerPostDownloadForId({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'post',
      path: endpoints.runs.postDownloadForId,
      tags: ['Runs'],
      summary: 'A short-lived download token for one run file (spec part 1 §7: POST /files/postDownloadForId?data, text)',
      description:
        '`data` is JSON: `{"path": "<statusId>/<file>"}`, the path a step result or the run gives for a file. The answer is a token, ' +
        `as text, that GET ${endpoints.runs.downloadByToken}?token=…&id=<statusId>&filename=… takes instead of a bearer header, for ` +
        `${DOWNLOAD_TOKEN_TTL_SECONDS} s: a plain link the browser saves as it streams, however large the file.`,
      request: { query: z.object({ data: z.string().min(1).max(2000) }) },
      responses: {
        200: { description: 'The download token.', content: { 'text/plain': { schema: z.string() } } },
        404: { description: 'No such run in the organization, or no such file.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { path } = parseJsonParameter('data', c.req.valid('query').data, downloadForIdDataSchema, 'data: name the run file by its path.');
    const user = currentUser(c);
    const found = await findRunFile(services.db, services.filesDir, user.row.org_id, path);
    const token = await services.downloadTokens.sign({ sub: user.row.id, sid: user.sessionId, org: user.row.org_id, id: found.statusId, path });
    return c.text(token, 200, { 'Cache-Control': 'no-store' });
  });
}
