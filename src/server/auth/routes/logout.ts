import { createRoute } from '@hono/zod-openapi';
import { successResponseSchema } from '../../../shared/contracts/common';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';

export function registerLogout({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.auth.logout,
      tags: ['Auth'],
      summary: 'Sign out: revokes this sign-in session (its refresh tokens and access tokens)',
      responses: { 200: { description: 'Signed out.', content: { 'application/json': { schema: successResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    await services.sessions.revoke(currentUser(c).sessionId);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const }, 200);
  });
}
