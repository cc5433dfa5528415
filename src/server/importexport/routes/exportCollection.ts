import { createRoute, z } from '@hono/zod-openapi';
import { collectionNotFoundMessage, FIELD_ERROR_KEYS } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { IMPORT_FILE_MEDIA_TYPE } from '../../../shared/contracts/importexport';
import { endpoints } from '../../../shared/endpoints';
import { EXPORT_FILE_EXTENSION } from '../../../shared/importexport/format';
import { findCollection } from '../../collections/repository';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { decideRange } from '../byteRanges';
import { ensureExportFile } from '../exportFile';
import { openFileRange } from '../fileStream';
import { transferCounterOf } from '../transferCounter';
import type { Api } from '../../services';

const binary = { [IMPORT_FILE_MEDIA_TYPE]: { schema: z.string().openapi({ type: 'string', format: 'binary' }) } };

/** attachment; filename="<ASCII fallback>"; filename*=UTF-8''<the exact name> (RFC 6266). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replaceAll(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  return (ifNoneMatch ?? '').split(',').some((candidate) => [etag, `W/${etag}`, '*'].includes(candidate.trim()));
}

export function registerExportCollection({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'get',
      path: endpoints.importExport.download,
      tags: ['Import and export'],
      summary: "Download a collection's .bin export",
      description:
        'The file is built once per version of the collection and kept, so its strong ETag and its bytes stay the same ' +
        'across requests. Range (one range) answers 206; If-Range with another ETag gives the whole file (the ' +
        'collection changed); a range past the end is 416. docs/import-export-format.md describes the file.',
      request: { query: z.object({ id: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(64) }) },
      responses: {
        200: { description: 'The whole file.', content: binary },
        206: { description: 'The requested range.', content: binary },
        304: { description: 'If-None-Match matched: the client has this file.' },
        404: { description: 'No live collection of that id.', content: { 'application/json': { schema: errorBodySchema } } },
        416: { description: 'The range starts past the end of the file.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('query');
    const user = currentUser(c);
    const collection = await findCollection(services.db, id, user.row.org_id);
    if (!collection) throw new ApiError(404, collectionNotFoundMessage(id));
    const file = await ensureExportFile(services.db, services.filesDir, collection, user.row.user_id);
    const headers: Record<string, string> = {
      ETag: file.etag,
      'Accept-Ranges': 'bytes',
      'Cache-Control': 'private, no-cache',
      'Content-Disposition': attachmentDisposition(`${collection.testSuiteName}${EXPORT_FILE_EXTENSION}`),
    };
    if (etagMatches(c.req.header('if-none-match'), file.etag)) return c.body(null, 304, headers);

    const decision = decideRange(c.req.header('range'), c.req.header('if-range'), file.size, file.etag);
    if (decision.kind === 'unsatisfiable') {
      throw new ApiError(416, `The range is outside the file of ${file.size} bytes.`, { 'Content-Range': `bytes */${file.size}`, ...headers });
    }
    const [start, end] = decision.kind === 'partial' ? [decision.start, decision.end] : [0, file.size - 1];
    const status = decision.kind === 'partial' ? 206 : 200;
    const rangeHeaders = {
      ...headers,
      'Content-Type': IMPORT_FILE_MEDIA_TYPE,
      'Content-Length': String(end - start + 1),
      ...(decision.kind === 'partial' ? { 'Content-Range': `bytes ${start}-${end}/${file.size}` } : {}),
    };
    if (c.req.method === 'HEAD') return c.body(null, status, rangeHeaders);
    const body = await openFileRange(file.path, start, end, transferCounterOf(services).startRequest(file.etag));
    return c.body(body, status, rangeHeaders);
  });
}
