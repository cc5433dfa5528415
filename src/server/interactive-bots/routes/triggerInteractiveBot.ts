import { getConnInfo } from '@hono/node-server/conninfo';
import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  INTERACTIVE_BOT_MESSAGES,
  requestedIntent,
  triggerInteractiveBotResponseSchema,
  triggerInteractiveBotSchema,
  type TriggerInteractiveBot,
} from '../../../shared/contracts/interactive-bots';
import { endpoints } from '../../../shared/endpoints';
import { createRateLimiter, type RateLimits } from '../../auth/rateLimiter';
import { ApiError } from '../../http/apiError';
import { bearerToken } from '../../http/authorization';
import type { Api } from '../../services';
import { findCollection } from '../../collections/repository';
import { findBotBySecret } from '../repository';

/** Wrong secrets or intents: as many per address and per intent as sign-in allows per address, in the same window. */
export const TRIGGER_FAILURE_LIMITS = { perAccount: 20, perAddress: 20, windowSeconds: 15 * 60 } satisfies RateLimits;
/** Accepted triggers: a leaked secret must not be able to flood the run queue. */
export const TRIGGER_RUN_LIMITS = { perAccount: 30, perAddress: 60, windowSeconds: 60 } satisfies RateLimits;

function tooMany(seconds: number): ApiError {
  return new ApiError(429, INTERACTIVE_BOT_MESSAGES.tooManyTriggers(seconds), { 'Retry-After': String(seconds) });
}

export function registerTriggerInteractiveBot({ app, endpoint, services }: Api): void {
  // Sign-in's limiter counts events in a sliding window per key and per address; here one counts failed
  // authentications (keyed by intent) and another accepted triggers (keyed by bot).
  const failures = createRateLimiter(services.db, 'bot-trigger-failure', TRIGGER_FAILURE_LIMITS);
  const accepted = createRateLimiter(services.db, 'bot-trigger', TRIGGER_RUN_LIMITS);

  const route = endpoint(
    'public',
    createRoute({
      method: 'post',
      path: endpoints.interactiveBots.trigger,
      tags: ['Interactive bots'],
      summary: "Start an interactive bot's collection",
      description:
        "Authenticated with the bot's own secret (not a user session): `Authorization: Bearer <secret>`, or the body field " +
        '`token` for chat platforms whose outgoing webhooks cannot set headers. The body names the bot by `intent`, or by ' +
        "`text` of the form 'run <intent>'. An unknown intent and a wrong secret get the same 401.",
      request: {
        body: {
          required: false,
          content: {
            'application/json': { schema: triggerInteractiveBotSchema },
            'application/x-www-form-urlencoded': { schema: triggerInteractiveBotSchema },
          },
        },
      },
      responses: {
        200: { description: 'The run is queued; data.statusId names it.', content: { 'application/json': { schema: triggerInteractiveBotResponseSchema } } },
        401: { description: 'No live bot has this intent and secret.', content: { 'application/json': { schema: errorBodySchema } } },
        404: { description: "The bot's collection was deleted.", content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'The bot is disabled.', content: { 'application/json': { schema: errorBodySchema } } },
        429: { description: 'Too many failed or accepted triggers; see Retry-After.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    // The validators set the body of the other media type to {}, so merging gives whichever was sent.
    const body: TriggerInteractiveBot = { ...c.req.valid('form'), ...c.req.valid('json') };
    const intent = requestedIntent(body);
    if (intent === undefined) throw new ApiError(400, INTERACTIVE_BOT_MESSAGES.triggerNoIntent, {}, { intent: ['required'] });
    const failureKey = intent.toLowerCase();
    // The socket's address, not X-Forwarded-For, as for sign-in.
    const address = getConnInfo(c).remote.address ?? 'unknown';
    const failureWait = await failures.retryAfterSeconds(failureKey, address);
    if (failureWait > 0) throw tooMany(failureWait);

    const secret = bearerToken(c.req.header('authorization')) ?? body.token ?? '';
    const match = secret === '' ? undefined : await findBotBySecret(services.db, secret, intent);
    if (!match) {
      await failures.record(failureKey, address);
      throw new ApiError(401, INTERACTIVE_BOT_MESSAGES.triggerUnauthorized, { 'WWW-Authenticate': 'Bearer' });
    }
    await failures.forget(failureKey);
    const { bot, orgId } = match;
    if (bot.status !== 'ACTIVE') throw new ApiError(409, INTERACTIVE_BOT_MESSAGES.triggerDisabled);

    const acceptedWait = await accepted.retryAfterSeconds(bot.trigger_id, address);
    if (acceptedWait > 0) throw tooMany(acceptedWait);
    const collection = await findCollection(services.db, bot.teststatus_id, orgId);
    if (!collection) throw new ApiError(404, INTERACTIVE_BOT_MESSAGES.triggerNoCollection);
    await services.disk.assertRoomFor('runs');
    await accepted.record(bot.trigger_id, address);
    const run = await services.runs.enqueue(collection, { orgId, userId: `Interactive bot ${bot.interactive_trigger_name}` });
    const message = INTERACTIVE_BOT_MESSAGES.triggered(bot.interactive_trigger_name, collection.testSuiteName);
    return c.json({ success: true as const, message, text: message, data: { statusId: run.status_id } }, 200);
  });
}
