import type { Context } from 'hono';
import { ApiError } from '../http/apiError';
import type { AppEnv } from '../http/appEnv';
import { decideRange } from '../importexport/byteRanges';
import { openFileRange } from '../importexport/fileStream';
import { attachmentDisposition } from '../importexport/routes/exportCollection';
import type { ClientFile } from './clientFiles';

const ZIP_MEDIA_TYPE = 'application/zip';

function mediaTypeOf(name: string): string {
  return name.toLowerCase().endsWith('.zip') ? ZIP_MEDIA_TYPE : 'application/octet-stream';
}

/**
 * A client file as an attachment with Content-Length (the page's progress bar reads it). One Range is answered 206,
 * as collection exports are, so an interrupted download of the agent zip resumes; a range past the end is 416.
 */
export async function sendClientFile(c: Context<AppEnv>, file: ClientFile, ranges: boolean): Promise<Response> {
  const headers: Record<string, string> = {
    ETag: file.etag,
    'Cache-Control': 'private, no-cache',
    'Content-Disposition': attachmentDisposition(file.name),
    'Content-Type': mediaTypeOf(file.name),
    ...(ranges ? { 'Accept-Ranges': 'bytes' } : {}),
  };
  const decision = ranges ? decideRange(c.req.header('range'), c.req.header('if-range'), file.size, file.etag) : { kind: 'full' as const };
  if (decision.kind === 'unsatisfiable') {
    throw new ApiError(416, `The range is outside the file of ${file.size} bytes.`, { 'Content-Range': `bytes */${file.size}`, ...headers });
  }
  const [start, end] = decision.kind === 'partial' ? [decision.start, decision.end] : [0, file.size - 1];
  const status = decision.kind === 'partial' ? 206 : 200;
  headers['Content-Length'] = String(Math.max(0, end - start + 1));
  if (decision.kind === 'partial') headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
  if (c.req.method === 'HEAD' || file.size === 0) return c.body(null, status, headers);
  return c.body(await openFileRange(file.path, start, end, () => undefined), status, headers);
}
