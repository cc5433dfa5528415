import { createRoute } from '@hono/zod-openapi';
import { successResponseSchema } from '../../../shared/contracts/common';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { bearerToken } from '../../http/authorization';
import type { Api } from '../../services';
import { setTokenHeaders, tokenHeadersSchema } from '../sessionAnswer';

export const INVALID_REFRESH_MESSAGE = 'The refresh token is invalid or expired. Please sign in again.';

export function registerRefreshToken({ app, endpoint, services }: Api): void {
  // 'public' for the access-token check: the caller presents its refresh token instead, as the bearer.
  const route = endpoint(
    'public',
    createRoute({
      method: 'get',
      path: endpoints.auth.refreshToken,
      tags: ['Auth'],
      summary: 'Rotate the refresh token (sent as `Authorization: Bearer <refresh token>`) for a new pair',
      responses: {
        200: {
          description: 'The new pair is in the `token` and `refreshtoken` headers.',
          headers: tokenHeadersSchema,
          content: { 'application/json': { schema: successResponseSchema } },
        },
        401: {
          description: 'Unknown, expired, revoked or reused refresh token.',
          content: { 'application/json': { schema: errorBodySchema } },
        },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const presented = bearerToken(c.req.header('authorization'));
    const pair = presented === undefined ? null : await services.sessions.refresh(presented);
    if (!pair) throw new ApiError(401, INVALID_REFRESH_MESSAGE);
    setTokenHeaders(c, pair);
    return c.json({ success: true as const }, 200);
  });
}
