import { createRoute, z } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { DISPLAY_TOKEN_MESSAGES, displayTokenRevokedResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_EDIT_ACCESS } from '../../dashboards/access';
import { CUSTOM_DASHBOARD_TAG } from '../access';
import { revokeDisplayToken } from '../displayTokens';

export const DISPLAY_TOKEN_NOT_FOUND = 'Display link not found';

export function registerRevokeDisplayToken({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_EDIT_ACCESS,
    createRoute({
      method: 'delete',
      path: `${endpoints.customDashboard.displayTokens}/{tokenId}`,
      tags: [CUSTOM_DASHBOARD_TAG],
      summary: 'Revoke a display token',
      description: 'Its display gets 401 from its next call. Revoking a revoked token again answers the same.',
      request: { params: z.object({ tokenId: z.string().min(1).max(64) }) },
      responses: {
        200: { description: "Revoked ('Display link revoked').", content: { 'application/json': { schema: displayTokenRevokedResponseSchema } } },
        404: { description: 'The organization has no display token of that id.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const revoked = await revokeDisplayToken(services.db, currentUser(c).row.org_id, c.req.valid('param').tokenId);
    if (!revoked) throw new ApiError(404, DISPLAY_TOKEN_NOT_FOUND);
    return c.json({ status: true as const, message: DISPLAY_TOKEN_MESSAGES.revoked }, 200);
  });
}
