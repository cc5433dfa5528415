import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { withLogger, type Logger } from '../logs/logger';
import type { Metrics } from '../metrics/metrics';

export const REQUEST_ID_HEADER = 'X-Request-Id';

/** An incoming id a proxy or client set is kept when it is short and plain; anything else is replaced. */
const SANE_REQUEST_ID = /^[\w.:@/+=-]{1,128}$/;

export function requestIdOf(incoming: string | undefined): string {
  const trimmed = incoming?.trim();
  return trimmed !== undefined && SANE_REQUEST_ID.test(trimmed) ? trimmed : randomUUID();
}

/** The label for unknown paths, so scanning for them cannot grow the metrics without bound. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The pattern of the route that took the request (`/api/users/:id`); app.use() middleware alone is no route. */
function routePatternOf(c: Context): string {
  const routes = matchedRoutes(c).filter((route) => route.method !== 'ALL');
  return routes.at(-1)?.path ?? UNMATCHED_ROUTE;
}

/**
 * First of every request: gives it an id (the caller's X-Request-Id when sane), sent back in X-Request-Id and carried
 * by every log line written while it is handled (log() answers its child logger), then logs and measures its answer.
 */
export function requestContext(logger: Logger, metrics: Metrics): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    const requestId = requestIdOf(c.req.header(REQUEST_ID_HEADER));
    const requestLogger = logger.child({ requestId });
    // Set before the answer exists, it rides on the answer as it is made; rewrapping a finished answer costs a copy.
    c.header(REQUEST_ID_HEADER, requestId);
    await withLogger(requestLogger, next);
    if (!c.res.headers.has(REQUEST_ID_HEADER)) c.header(REQUEST_ID_HEADER, requestId);
    const seconds = (performance.now() - started) / 1000;
    const route = routePatternOf(c);
    const { status } = c.res;
    metrics.observeRequest({ method: c.req.method, route, status, seconds });
    requestLogger[status >= 500 ? 'error' : 'info']({ method: c.req.method, path: c.req.path, route, status, durationMs: Math.round(seconds * 1000) }, 'request');
  };
}
