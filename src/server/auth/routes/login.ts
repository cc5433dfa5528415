import { createRoute } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import { loginRequestSchema, loginResponseSchema } from '../../../shared/contracts/auth';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { MESSAGES } from '../../../shared/constants';
import { USER_ADMIN_MESSAGES } from '../../../shared/contracts/users';
import { endpoints } from '../../../shared/endpoints';
import { decoyPasswordHash, verifyPassword } from '../passwords';
import { ApiError } from '../../http/apiError';
import type { Api } from '../../services';
import { findUserByUserId, normalizeUserId } from '../../users/repository';
import { loginBody, setTokenHeaders, tokenHeadersSchema } from '../sessionAnswer';

export function tooManyAttemptsMessage(seconds: number): string {
  return `Too many sign-in attempts. Try again in ${seconds} seconds.`;
}

export function registerLogin({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'public',
    createRoute({
      method: 'post',
      path: endpoints.auth.tokens,
      tags: ['Auth'],
      summary: 'Sign in with e-mail and password',
      request: { body: { required: true, content: { 'application/json': { schema: loginRequestSchema } } } },
      responses: {
        200: {
          description: 'Signed in; the tokens are in the `token` and `refreshtoken` headers.',
          headers: tokenHeadersSchema,
          content: { 'application/json': { schema: loginResponseSchema } },
        },
        401: { description: 'Unknown e-mail or wrong password, or (right password) a deactivated account.', content: { 'application/json': { schema: errorBodySchema } } },
        429: {
          description: 'Too many failed attempts for the account or the address.',
          content: { 'application/json': { schema: errorBodySchema } },
        },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { userId, password } = c.req.valid('json');
    const account = normalizeUserId(userId);
    // The socket's address, not X-Forwarded-For: a header the caller writes cannot be trusted to rate-limit them.
    const address = getConnInfo(c).remote.address ?? 'unknown';
    const wait = await services.loginLimiter.retryAfterSeconds(account, address);
    if (wait > 0) throw new ApiError(429, tooManyAttemptsMessage(wait), { 'Retry-After': String(wait) });

    const user = await findUserByUserId(services.db, account);
    const valid = await verifyPassword(password, user?.password_hash ?? (await decoyPasswordHash()));
    if (!user || !valid) {
      await services.loginLimiter.record(account, address);
      throw new ApiError(401, MESSAGES.accountNotFound);
    }
    // Only the right password learns that the account is deactivated; the attempt counts like a failure.
    if (user.active === 0) {
      await services.loginLimiter.record(account, address);
      throw new ApiError(401, USER_ADMIN_MESSAGES.inactive);
    }
    await services.loginLimiter.forget(account);
    setTokenHeaders(c, await services.sessions.start(user));
    return c.json(loginBody(user), 200);
  });
}
