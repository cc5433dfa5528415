import { z } from 'zod';

/** POST {api}/tokens/ body (spec part 1 §7 Auth). */
export const loginRequestSchema = z.object({
  userId: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const ssoRequestSchema = z.object({
  provider: z.enum(['GOOGLE', 'MICROSOFT']),
  authToken: z.string().min(1).max(4096),
  redirectUri: z.string().url().max(2048).optional(),
});
export type SsoRequest = z.infer<typeof ssoRequestSchema>;

export const ssoConfigSchema = z.object({
  googleClientId: z.string().nullable(),
});
export type SsoConfig = z.infer<typeof ssoConfigSchema>;

/** Answer of POST /tokens/ and /sso besides the token headers. */
export const loginResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    id: z.string(),
    userId: z.string(),
    email: z.string(),
    /** True while the user signs in with a password an administrator set: the app asks for a new one first. */
    mustChangePassword: z.boolean().optional(),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Stored user of spec part 1 §3 and part 3 §3. */
export const storedUserSchema = z.object({
  id: z.string(),
  userId: z.string(),
  orgId: z.string(),
  groups: z.array(z.string()),
  userDetails: z.object({ firstName: z.string(), lastName: z.string() }),
  role: z.object({ roleName: z.string(), roleDescription: z.string() }),
  permissions: z.object({ features: z.array(z.string()) }),
});
export type StoredUser = z.infer<typeof storedUserSchema>;

export const userResponseSchema = z.object({ success: z.literal(true), data: storedUserSchema });

/** Claims carried by an access token. `sub` is the user's id. */
export const accessClaimsSchema = z.object({
  sub: z.string(),
  userId: z.string(),
  features: z.array(z.string()),
  typ: z.literal('access'),
  /** The sign-in session (refresh-token family) the token belongs to; logout revokes it. */
  sid: z.string().optional(),
});
export type AccessClaims = z.infer<typeof accessClaimsSchema>;
