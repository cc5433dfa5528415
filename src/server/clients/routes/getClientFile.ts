import { createRoute, z } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { CLIENT_FILE_NAME_PATTERN, CLIENTS_MESSAGES } from '../../../shared/contracts/clients';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import type { Api } from '../../services';
import { findClientFile } from '../clientFiles';
import { sendClientFile } from '../sendClientFile';

export const clientFileContent = { 'application/zip': { schema: z.string().openapi({ type: 'string', format: 'binary' }) } };
const errorContent = { 'application/json': { schema: errorBodySchema } };

export function registerGetClientFile({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.clients.fileRoute,
      tags: ['Clients'],
      summary: 'A client file from the clients folder',
      description: 'Only one plain file name directly in the clients folder is served. One Range is answered 206.',
      request: { params: z.object({ fileName: z.string().regex(CLIENT_FILE_NAME_PATTERN, CLIENTS_MESSAGES.badFileName) }) },
      responses: {
        200: { description: 'The file.', content: clientFileContent },
        206: { description: 'The requested range.', content: clientFileContent },
        404: { description: 'No such client file.', content: errorContent },
        416: { description: 'The range starts past the end.', content: errorContent },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const file = await findClientFile(services.filesDir, c.req.valid('param').fileName);
    if (!file) throw new ApiError(404, CLIENTS_MESSAGES.fileNotFound);
    return sendClientFile(c, file, true);
  });
}
