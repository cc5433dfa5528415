import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { clientDownloadRequestSchema, CLIENTS_MESSAGES } from '../../../shared/contracts/clients';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import type { Api } from '../../services';
import { findClientFile } from '../clientFiles';
import { sendClientFile } from '../sendClientFile';
import { clientFileContent } from './getClientFile';

const FILE_PATH_PREFIX = endpoints.clients.file('');

/**
 * The file name a downloadUrl names: a path (or a URL of the host the request came to) under /api/clients/. Any other
 * host, path or an undecodable name is refused, so the call can never read outside the clients folder.
 */
function fileNameOf(downloadUrl: string, host: string | undefined): string | null {
  let url: URL;
  try {
    url = new URL(downloadUrl, `http://${host ?? 'localhost'}`);
  } catch {
    return null;
  }
  if (host !== undefined && url.host !== host) return null;
  if (!url.pathname.startsWith(FILE_PATH_PREFIX)) return null;
  try {
    return decodeURIComponent(url.pathname.slice(FILE_PATH_PREFIX.length));
  } catch {
    return null;
  }
}

export function registerDownloadClient({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'post',
      path: endpoints.clients.download,
      tags: ['Clients'],
      summary: 'Download the client a getClientUrl answer named',
      description: 'downloadUrl is a zipDownloadUrl of getClientUrl. The body streams with Content-Length for progress.',
      request: { body: { content: { 'application/json': { schema: clientDownloadRequestSchema } }, required: true } },
      responses: {
        200: { description: 'The file.', content: clientFileContent },
        404: { description: 'No such client file.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const fileName = fileNameOf(c.req.valid('json').downloadUrl, c.req.header('host'));
    if (fileName === null) throw new ApiError(400, CLIENTS_MESSAGES.badDownloadUrl, {}, { downloadUrl: ['outside'] });
    const file = await findClientFile(services.filesDir, fileName);
    if (!file) throw new ApiError(404, CLIENTS_MESSAGES.fileNotFound);
    return sendClientFile(c, file, false);
  });
}
