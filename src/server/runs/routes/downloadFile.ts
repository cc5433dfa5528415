import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { createRoute, z } from '@hono/zod-openapi';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { artifactsRoot, resolveArtifact } from '../artifacts';
import { findRun } from '../repository';
import type { Api } from '../../services';
import { callerOrgId, RUN_HISTORY_ACCESS } from '../runLookup';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
};

export const FILE_NOT_FOUND_MESSAGE = 'No such file.';

export function registerDownloadFile({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.runs.downloadFile,
      tags: ['Runs'],
      summary: 'A run artifact (screenshot, video, HTTP response) by the path step results give',
      description: 'Only files inside the artifacts folder are served; a path that leaves it is a 400.',
      request: { query: z.object({ path: z.string().min(1).max(1000) }) },
      responses: {
        200: { description: 'The file.', content: { 'application/octet-stream': { schema: z.string() } } },
        404: { description: 'No such file.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const path = c.req.valid('query').path;
    const file = resolveArtifact(artifactsRoot(services.filesDir), path);
    if (!file) throw new ApiError(400, 'path: must name a file inside the artifacts folder.', {}, { path: ['outside'] });
    // The first segment is the run's status id: a file of another organization's run is not found.
    const statusId = path.split('/')[0] ?? '';
    if (!(await findRun(services.db, statusId, callerOrgId(c)))) throw new ApiError(404, FILE_NOT_FOUND_MESSAGE);
    let data: Buffer;
    try {
      data = await readFile(file);
    } catch {
      throw new ApiError(404, FILE_NOT_FOUND_MESSAGE);
    }
    const name = file.split('/').pop() ?? 'file';
    return c.body(new Uint8Array(data), 200, {
      'Content-Type': CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Disposition': `inline; filename="${name}"`,
      'Cache-Control': 'private, max-age=3600',
    });
  });
}
