import { createHash, randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { FRONTEND_LOG_LIMITS, FRONTEND_LOG_RATE, frontendLogAcceptedSchema, frontendLogReportSchema, type FrontendLogEntry } from '../../../shared/contracts/frontend-logs';
import { endpoints } from '../../../shared/endpoints';
import { scrubText, truncateText, urlWithoutQuery } from '../../../shared/log-scrub';
import { createRateLimiter } from '../../auth/rateLimiter';
import { ApiError } from '../../http/apiError';
import type { AppEnv } from '../../http/appEnv';
import { bearerToken } from '../../http/authorization';
import type { Api, Services } from '../../services';
import { log } from '../logger';

const USER_AGENT_CHARS = 200;

/** Written again here: a report is whatever its caller posts, scrubbed by the client or not. */
function scrubbed(entry: FrontendLogEntry) {
  return {
    kind: entry.kind,
    message: truncateText(scrubText(entry.message), FRONTEND_LOG_LIMITS.messageChars),
    ...(entry.stack === undefined ? {} : { stack: truncateText(scrubText(entry.stack), FRONTEND_LOG_LIMITS.stackChars) }),
    ...(entry.scriptUrl === undefined ? {} : { scriptUrl: urlWithoutQuery(entry.scriptUrl) }),
    ...(entry.line === undefined ? {} : { line: entry.line }),
    ...(entry.column === undefined ? {} : { column: entry.column }),
    route: urlWithoutQuery(entry.route),
    at: new Date(entry.at).toISOString(),
    repeats: entry.repeats,
  };
}

/**
 * The sign-in session the report comes from, when it carries a valid access token of a live session; otherwise none
 * (the sign-in page reports too, and an expired token must not stop a report of what went wrong).
 */
async function sessionOf(services: Services, c: Context<AppEnv>): Promise<string | null> {
  const claims = await services.signer.verify(bearerToken(c.req.header('authorization')) ?? '');
  if (!claims?.sid || !(await services.sessions.isActive(claims.sid))) return null;
  return claims.sid;
}

/** A short, stable tag of a session for the log: lines of one session go together, and the tag opens nothing. */
const sessionTag = (sessionId: string) => createHash('sha256').update(sessionId).digest('base64url').slice(0, 12);

export function registerPostFrontendLogs({ app, endpoint, services }: Api): void {
  const limiter = createRateLimiter(services.db, 'frontend-logs', {
    perAccount: FRONTEND_LOG_RATE.perSession,
    perAddress: FRONTEND_LOG_RATE.perAddress,
    windowSeconds: FRONTEND_LOG_RATE.windowSeconds,
  });
  const route = endpoint(
    'public',
    createRoute({
      method: 'post',
      path: endpoints.auth.frontendLogs,
      tags: ['Logs'],
      summary: "The app's uncaught errors and failed chunk loads, for the server log",
      description:
        `Anyone may report (the sign-in page too); a valid bearer token ties the report to its session. Each session may send ` +
        `${FRONTEND_LOG_RATE.perSession} reports, and each address ${FRONTEND_LOG_RATE.perAddress}, per ${FRONTEND_LOG_RATE.windowSeconds / 60} minutes. ` +
        'Tokens, e-mail addresses and secret query parameters are removed before anything is written.',
      request: { body: { required: true, content: { 'application/json': { schema: frontendLogReportSchema } } } },
      responses: {
        202: { description: 'Written to the server log.', content: { 'application/json': { schema: frontendLogAcceptedSchema } } },
        429: { description: 'Too many reports from this session or address; see Retry-After.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { entries } = c.req.valid('json');
    // The socket's address, not X-Forwarded-For, which the caller writes.
    const address = getConnInfo(c).remote.address ?? 'unknown';
    const session = await sessionOf(services, c);
    const account = session === null ? `signed-out:${address}` : `session:${session}`;
    const wait = await limiter.retryAfterSeconds(account, address);
    if (wait > 0) throw new ApiError(429, `Too many error reports; the next one is taken in ${wait} s.`, { 'Retry-After': String(wait) });
    await limiter.record(account, address);

    const reportId = randomUUID();
    const userAgent = truncateText(scrubText(c.req.header('user-agent') ?? ''), USER_AGENT_CHARS);
    for (const entry of entries) {
      log().warn({ origin: 'client', reportId, session: session === null ? null : sessionTag(session), userAgent, ...scrubbed(entry) }, 'client error');
    }
    return c.json({ success: true as const, data: { accepted: entries.length } }, 202);
  });
}
