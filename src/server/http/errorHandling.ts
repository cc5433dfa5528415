import { DISK_FULL_STATUS, DISK_MESSAGES } from '../../shared/contracts/disk';
import { isDiskFull } from '../disk/diskWatch';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../../shared/contracts/errors';
import { API_BASE } from '../../shared/endpoints';
import { isContention } from '../db/dialect';
import { ApiError, SERVER_FAULT_MESSAGE } from './apiError';
import { log } from '../logs/logger';

function errorJson(c: Context, status: ContentfulStatusCode, message: string, headers: Record<string, string> = {}): Response {
  const body: ErrorBody = { success: false, message };
  return c.json(body, status, headers);
}

/**
 * Expected failures answer their own status; Hono's HTTPExceptions (malformed JSON 400, unsupported media type
 * 415) keep theirs. Anything else is a genuine server fault: logged, and answered 500 without internals.
 */
export function handleError(error: Error, c: Context): Response {
  if (error instanceof ApiError) return c.json(error.toBody(), error.status, error.headers);
  if (error instanceof HTTPException) {
    return errorJson(c, error.status, error.message || 'The request could not be processed.');
  }
  if (isContention(error)) {
    return errorJson(c, 503, 'The database is busy, please try again.', { 'Retry-After': '1' });
  }
  if (isDiskFull(error)) {
    log().error({ err: error, method: c.req.method, path: c.req.path }, 'Disk full');
    return errorJson(c, DISK_FULL_STATUS, DISK_MESSAGES.requestDiskFull);
  }
  log().error({ err: error, method: c.req.method, path: c.req.path }, 'Request failed');
  return errorJson(c, 500, SERVER_FAULT_MESSAGE);
}

/** Unknown API paths answer JSON; anything else outside the app falls through to a plain 404. */
export function handleNotFound(c: Context): Response {
  if (c.req.path === API_BASE || c.req.path.startsWith(`${API_BASE}/`)) {
    return errorJson(c, 404, `No such endpoint: ${c.req.method} ${c.req.path}`);
  }
  return c.text('Not found', 404);
}
