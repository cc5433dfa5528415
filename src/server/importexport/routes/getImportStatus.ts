import { createRoute } from '@hono/zod-openapi';
import { importStatusResponseSchema } from '../../../shared/contracts/importexport';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import { listRecordingProcesses } from '../../recordings/repository';
import { listImportProcesses } from '../importProcesses';
import type { Api } from '../../services';

export function registerGetImportStatus({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.importExport.status,
      tags: ['Import and export'],
      summary: "The caller's import and recording processes (polled every 5 s)",
      description:
        'Every pending IMPORT process of the caller, then those completed or cancelled in the last 24 hours, newest first; ' +
        'then the same of its RECORDING processes (a PROCESSING recording counts as pending).',
      responses: { 200: { description: 'The processes.', content: { 'application/json': { schema: importStatusResponseSchema } } } },
    }),
  );

  app.openapi(route, (c) => {
    const userId = currentUser(c).row.id;
    return services.pollCache.json(c, userId, async () => ({
      status: true as const,
      data: [...(await listImportProcesses(services.db, userId)), ...(await listRecordingProcesses(services.db, userId))],
    }));
  });
}
