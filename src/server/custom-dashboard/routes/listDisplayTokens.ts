import { createRoute } from '@hono/zod-openapi';
import { displayTokenListResponseSchema } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { DASHBOARD_EDIT_ACCESS } from '../../dashboards/access';
import { CUSTOM_DASHBOARD_TAG } from '../access';
import { listDisplayTokens } from '../displayTokens';

export function registerListDisplayTokens({ app, endpoint, services }: Api): void {
  const route = endpoint(
    DASHBOARD_EDIT_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.customDashboard.displayTokens,
      tags: [CUSTOM_DASHBOARD_TAG],
      summary: "The organization's display tokens in use, newest first",
      description: 'Never the secrets: those are answered once, when a token is made.',
      responses: { 200: { description: 'The tokens.', content: { 'application/json': { schema: displayTokenListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const data = await listDisplayTokens(services.db, currentUser(c).row.org_id);
    return c.json({ status: true as const, data }, 200);
  });
}
