import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { CLIENTS_MESSAGES, getClientUrlRequestSchema, getClientUrlResponseSchema } from '../../../shared/contracts/clients';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import type { Api } from '../../services';
import { findClientFile } from '../clientFiles';
import { DESKTOP_CLIENT_FILE } from '../clientsFolder';

export function registerGetClientUrl({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'post',
      path: endpoints.clients.getClientUrl,
      tags: ['Clients'],
      summary: "The desktop client's download URL",
      description:
        'DESKTOP is the gateway agent zip (a start script and the bundled agent, Node 20). No .exe is built, so ' +
        'exeDownloadUrl is null. 503 while the zip has not been built on this server.',
      request: { body: { content: { 'application/json': { schema: getClientUrlRequestSchema } }, required: true } },
      responses: {
        200: { description: 'The zip is there.', content: { 'application/json': { schema: getClientUrlResponseSchema } } },
        503: { description: 'The desktop client is not built yet.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const file = await findClientFile(services.filesDir, DESKTOP_CLIENT_FILE);
    if (!file) throw new ApiError(503, CLIENTS_MESSAGES.desktopNotBuilt);
    return c.json(
      { success: true as const, zipDownloadUrl: endpoints.clients.file(file.name), exeDownloadUrl: null, fileName: file.name, size: file.size },
      200,
    );
  });
}
