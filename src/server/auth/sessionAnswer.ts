import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { LoginResponse } from '../../shared/contracts/auth';
import { REFRESH_TOKEN_HEADER, TOKEN_HEADER } from '../../shared/endpoints';
import type { TokenPair } from './sessions';
import type { UserRow } from '../users/repository';

/** Documents the two token headers of a sign-in or refresh answer. */
export const tokenHeadersSchema = z.object({
  [TOKEN_HEADER]: z.string().openapi({ description: 'JWT access token (HS256), short-lived' }),
  [REFRESH_TOKEN_HEADER]: z.string().openapi({ description: 'Opaque rotating refresh token' }),
});

/** Puts the pair in the response headers; token answers are never cached or compared by ETag. */
export function setTokenHeaders(c: Context, pair: TokenPair): void {
  c.header(TOKEN_HEADER, pair.accessToken);
  c.header(REFRESH_TOKEN_HEADER, pair.refreshToken);
  c.header('Cache-Control', 'no-store');
}

export function loginBody(user: UserRow): LoginResponse {
  return { success: true, data: { id: user.id, userId: user.user_id, email: user.user_id, mustChangePassword: user.must_change_password === 1 } };
}
