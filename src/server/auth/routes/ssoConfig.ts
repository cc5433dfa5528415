import { createRoute } from '@hono/zod-openapi';
import { ssoConfigSchema } from '../../../shared/contracts/auth';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';

export function registerSsoConfig({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'public',
    createRoute({
      method: 'get',
      path: endpoints.auth.ssoConfig,
      tags: ['Auth'],
      summary: 'Which single sign-on providers this server accepts',
      responses: {
        200: {
          description: 'Google client id, or null when Google sign-in is off.',
          content: { 'application/json': { schema: ssoConfigSchema } },
        },
      },
    }),
  );

  app.openapi(route, (c) => c.json({ googleClientId: services.google?.clientId ?? null }, 200));
}
