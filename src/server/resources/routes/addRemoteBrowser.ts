import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { addRemoteBrowserSchema, REMOTE_BROWSER_MESSAGES, remoteBrowserAddedSchema } from '../../../shared/contracts/remote-browsers';
import { endpoints } from '../../../shared/endpoints';
import { addRemoteBrowser } from '../remoteBrowsers';
import type { Api } from '../../services';

export function registerAddRemoteBrowser({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'post',
      path: endpoints.devices.addRemoteBrowser,
      tags: ['Resources'],
      summary: 'Add a browser resource on another machine',
      description:
        'data.token is the resource\'s own token, shown in this answer only (the server keeps a hash). Run `npm run resource -- --platform URL ' +
        '--token TOKEN` on the browser\'s machine: it registers its browser server with this token and sends heartbeats.',
      request: { body: { required: true, content: { 'application/json': { schema: addRemoteBrowserSchema } } } },
      responses: {
        200: { description: 'Added, Offline until its command registers.', content: { 'application/json': { schema: remoteBrowserAddedSchema } } },
        400: { description: 'No name, or a name over 100 characters.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const added = await addRemoteBrowser(services.db, c.req.valid('json').name);
    // The token must stay out of caches and out of the idempotency table.
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true as const, message: REMOTE_BROWSER_MESSAGES.added(added.name), data: added }, 200);
  });
}
