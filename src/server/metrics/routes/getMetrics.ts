import { createHash, timingSafeEqual } from 'node:crypto';
import type { Hono, Env } from 'hono';
import { endpoints } from '../../../shared/endpoints';
import type { Metrics } from '../metrics';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** Compares digests, which have one length, so neither the token's length nor its first wrong byte shows in the time. */
function sameToken(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * GET /metrics for Prometheus, with `Authorization: Bearer <METRICS_TOKEN>`. Without METRICS_TOKEN the endpoint does not
 * exist (404, as any unknown path); a missing or wrong token is a 401.
 */
export function registerMetricsRoute<E extends Env>(app: Hono<E>, metrics: Metrics, token: string | undefined): void {
  if (token === undefined) return;
  app.get(endpoints.metrics, async (c) => {
    const given = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    if (given === undefined || !sameToken(given, token)) {
      return c.text('A valid bearer token (METRICS_TOKEN) is required.', 401, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
    }
    return c.body(await metrics.scrape(), 200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' });
  });
}
