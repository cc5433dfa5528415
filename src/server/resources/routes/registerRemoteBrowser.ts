import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { REMOTE_BROWSER_HEARTBEAT_MS, registerRemoteBrowserSchema, remoteBrowserAcceptedSchema } from '../../../shared/contracts/remote-browsers';
import { endpoints } from '../../../shared/endpoints';
import { registerRemoteEndpoint } from '../remoteBrowsers';
import { endpointOf, OUTBOUND_ALLOW_VARIABLE, refuseWhenSaved } from '../../outbound/policy';
import type { Api } from '../../services';
import { remoteBrowserAuthentication } from '../remoteBrowserAuth';

export function registerRegisterRemoteBrowser({ app, endpoint, services }: Api): void {
  const remoteBrowserOf = remoteBrowserAuthentication(services.db);
  const route = endpoint(
    'public',
    createRoute({
      method: 'post',
      path: endpoints.devices.registerRemoteBrowser,
      tags: ['Resources'],
      summary: "Register a remote browser's browser-server endpoint",
      description: "Authenticated with the resource's own token (`Authorization: Bearer <token>`), not a user session.",
      request: { body: { required: true, content: { 'application/json': { schema: registerRemoteBrowserSchema } } } },
      responses: {
        200: { description: 'Registered: the resource is Available.', content: { 'application/json': { schema: remoteBrowserAcceptedSchema } } },
        400: { description: `wsEndpoint is not a ws:// or wss:// URL, or names a host the server may not connect to (${OUTBOUND_ALLOW_VARIABLE}).`, content: { 'application/json': { schema: errorBodySchema } } },
        401: { description: 'Unknown or revoked resource token.', content: { 'application/json': { schema: errorBodySchema } } },
        429: { description: 'Too many wrong tokens from this address; see Retry-After.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const resource = await remoteBrowserOf(c);
    const { wsEndpoint, name } = c.req.valid('json');
    const { host, port } = endpointOf(new URL(wsEndpoint));
    await refuseWhenSaved(services.outbound, host, port);
    await registerRemoteEndpoint(services.db, resource.device_id, wsEndpoint, name, Date.now());
    void services.runs.dispatch();
    return c.json({ success: true as const, data: { deviceId: resource.device_id, heartbeatMs: REMOTE_BROWSER_HEARTBEAT_MS } }, 200);
  });
}
