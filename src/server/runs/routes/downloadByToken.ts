import { createRoute, z } from '@hono/zod-openapi';
import { DOWNLOAD_LINK_EXPIRED_MESSAGE } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';
import { hasAnyPermission } from '../../../shared/permissions';
import { ApiError } from '../../http/apiError';
import { requiredPermissions } from '../../http/endpoints';
import { findUserById, userFeatures } from '../../users/repository';
import { findRunFile, runFileBody } from '../runFiles';
import { RUN_HISTORY_ACCESS } from '../runLookup';
import type { Api } from '../../services';

export function registerDownloadByToken({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'public',
    createRoute({
      method: 'get',
      path: endpoints.runs.downloadByToken,
      tags: ['Runs'],
      summary: 'A run file as a download, by a token from postDownloadForId (no bearer header)',
      description:
        'The token names the file, the user and the sign-in session; it works shortly after it is made, while the session is ' +
        'live and the user may still read run history. `id` is the run the token was made for; `filename` the name to save as.',
      request: {
        query: z.object({
          token: z.string().min(1).max(4000),
          id: z.string().min(1).max(200),
          filename: z.string().min(1).max(255).optional(),
        }),
      },
      responses: {
        200: { description: 'The file, as an attachment.', content: { 'application/octet-stream': { schema: z.string() } } },
        401: { description: 'The token expired, is not valid, or its session ended.' },
        404: { description: 'The run or the file is gone.' },
      },
    }),
  );

  const expired = () => new ApiError(401, DOWNLOAD_LINK_EXPIRED_MESSAGE);

  app.openapi(route, async (c) => {
    const { token, id, filename } = c.req.valid('query');
    const claims = await services.downloadTokens.verify(token);
    if (!claims || claims.id !== id || !(await services.sessions.isActive(claims.sid))) throw expired();
    // Checked again now, as every request is: a deactivated user or a revoked permission ends the link too.
    const user = await findUserById(services.db, claims.sub);
    if (!user || user.active === 0 || user.org_id !== claims.org || !hasAnyPermission(userFeatures(user), requiredPermissions(RUN_HISTORY_ACCESS))) throw expired();
    const found = await findRunFile(services.db, services.filesDir, claims.org, claims.path);
    const { body, headers } = runFileBody(found, 'attachment', filename);
    // The token is in the address: nothing may keep the answer, and no page it leads to may learn the address.
    return c.body(body, 200, { ...headers, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
  });
}
