import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { Readable } from 'node:stream';
import { ApiError } from '../http/apiError';
import type { Db } from '../db/database';
import { artifactsRoot, resolveArtifact } from './artifacts';
import { findRun } from './repository';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webm': 'video/webm',
  '.txt': 'text/plain; charset=utf-8',
};

export const FILE_NOT_FOUND_MESSAGE = 'No such file.';

export interface RunFile {
  /** Absolute path inside the artifacts folder. */
  file: string;
  size: number;
  /** The run's status id: the first segment of the artifact path. */
  statusId: string;
}

/**
 * The file behind an artifact path of a run of the organization: 400 for a path that leaves the artifacts folder,
 * 404 when the run is another organization's or the file is gone.
 */
export async function findRunFile(db: Db, filesDir: string, orgId: string, path: string): Promise<RunFile> {
  const file = resolveArtifact(artifactsRoot(filesDir), path);
  if (!file) throw new ApiError(400, 'path: must name a file inside the artifacts folder.', {}, { path: ['outside'] });
  const statusId = path.split('/')[0] ?? '';
  if (!(await findRun(db, statusId, orgId))) throw new ApiError(404, FILE_NOT_FOUND_MESSAGE);
  const found = await stat(file).catch(() => null);
  if (!found?.isFile()) throw new ApiError(404, FILE_NOT_FOUND_MESSAGE);
  return { file, size: found.size, statusId };
}

/** A Content-Disposition value any browser reads: an ASCII fallback name and the exact one (RFC 6266). */
function dispositionOf(kind: 'inline' | 'attachment', name: string): string {
  const fallback = name.replaceAll(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The file streamed from disk (videos run to many megabytes), typed by its extension. */
export function runFileBody(found: RunFile, kind: 'inline' | 'attachment', name = basename(found.file)) {
  return {
    body: Readable.toWeb(createReadStream(found.file)) as ReadableStream<Uint8Array>,
    headers: {
      'Content-Type': CONTENT_TYPES[extname(found.file).toLowerCase()] ?? 'application/octet-stream',
      'Content-Length': String(found.size),
      'Content-Disposition': dispositionOf(kind, name),
    },
  };
}
