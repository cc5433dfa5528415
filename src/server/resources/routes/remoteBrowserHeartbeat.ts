import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { REMOTE_BROWSER_HEARTBEAT_MS, REMOTE_BROWSER_MESSAGES, remoteBrowserAcceptedSchema } from '../../../shared/contracts/remote-browsers';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { touchRemoteBrowser } from '../remoteBrowsers';
import type { Api } from '../../services';
import { remoteBrowserAuthentication } from '../remoteBrowserAuth';

export function registerRemoteBrowserHeartbeat({ app, endpoint, services }: Api): void {
  const remoteBrowserOf = remoteBrowserAuthentication(services.db);
  const route = endpoint(
    'public',
    createRoute({
      method: 'post',
      path: endpoints.devices.remoteBrowserHeartbeat,
      tags: ['Resources'],
      summary: 'A remote browser is still there',
      description: `Sent every ${REMOTE_BROWSER_HEARTBEAT_MS / 1000} s with the resource's own token; a resource silent for 30 s is Offline until the next one.`,
      responses: {
        200: { description: 'Noted: the resource is Available.', content: { 'application/json': { schema: remoteBrowserAcceptedSchema } } },
        401: { description: 'Unknown or revoked resource token.', content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'The resource has no registered endpoint: register again.', content: { 'application/json': { schema: errorBodySchema } } },
        429: { description: 'Too many wrong tokens from this address; see Retry-After.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const resource = await remoteBrowserOf(c);
    if (resource.remote_endpoint === null) throw new ApiError(409, REMOTE_BROWSER_MESSAGES.notRegistered);
    await touchRemoteBrowser(services.db, resource.device_id, Date.now());
    void services.runs.dispatch();
    return c.json({ success: true as const, data: { deviceId: resource.device_id, heartbeatMs: REMOTE_BROWSER_HEARTBEAT_MS } }, 200);
  });
}
