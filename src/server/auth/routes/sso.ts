import { createRoute } from '@hono/zod-openapi';
import { loginResponseSchema, ssoRequestSchema } from '../../../shared/contracts/auth';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { GOOGLE_SIGN_IN_NOT_CONFIGURED, MESSAGES } from '../../../shared/constants';
import { endpoints } from '../../../shared/endpoints';
import { exchangeGoogleCode } from '../googleSso';
import { ApiError } from '../../http/apiError';
import type { Api } from '../../services';
import { USER_ADMIN_MESSAGES } from '../../../shared/contracts/users';
import { findUserByUserId } from '../../users/repository';
import { loginBody, setTokenHeaders, tokenHeadersSchema } from '../sessionAnswer';

export const GOOGLE_UNAVAILABLE_MESSAGE = 'Google sign-in is unavailable right now, please try again.';

export function registerSso({ app, endpoint, services }: Api): void {
  const json = (description: string) => ({ description, content: { 'application/json': { schema: errorBodySchema } } });
  const route = endpoint(
    'public',
    createRoute({
      method: 'post',
      path: endpoints.auth.sso,
      tags: ['Auth'],
      summary: 'Sign in with a Google authorization code',
      request: { body: { required: true, content: { 'application/json': { schema: ssoRequestSchema } } } },
      responses: {
        200: {
          description: 'Signed in, like POST /api/tokens/.',
          headers: tokenHeadersSchema,
          content: { 'application/json': { schema: loginResponseSchema } },
        },
        401: json('The code was refused or no account has that e-mail.'),
        502: json('Google could not be reached.'),
        503: json('Google sign-in is not configured.'),
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { provider, authToken, redirectUri } = c.req.valid('json');
    if (provider !== 'GOOGLE') throw new ApiError(400, `Sign-in with ${provider} is not supported on this server.`);
    if (!services.google) throw new ApiError(503, GOOGLE_SIGN_IN_NOT_CONFIGURED);
    if (redirectUri === undefined) {
      throw new ApiError(400, 'redirectUri is required for Google sign-in.', {}, { redirectUri: ['Required'] });
    }
    const exchange = await exchangeGoogleCode(services.google, authToken, redirectUri);
    if (!exchange.ok) {
      throw exchange.reason === 'unavailable' ? new ApiError(502, GOOGLE_UNAVAILABLE_MESSAGE) : new ApiError(401, MESSAGES.accountNotFound);
    }
    const user = await findUserByUserId(services.db, exchange.email);
    if (!user) throw new ApiError(401, MESSAGES.accountNotFound);
    if (user.active === 0) throw new ApiError(401, USER_ADMIN_MESSAGES.inactive);
    setTokenHeaders(c, await services.sessions.start(user));
    return c.json(loginBody(user), 200);
  });
}
