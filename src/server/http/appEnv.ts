import type { Context } from 'hono';
import type { UserRow } from '../users/repository';

export interface AuthenticatedUser {
  row: UserRow;
  /** Read from the database on every request, so a revoked permission applies before the token expires. */
  features: string[];
  /** The refresh-token family of this sign-in; logout revokes it. */
  sessionId: string;
}

export interface AppEnv {
  Variables: { user: AuthenticatedUser | undefined };
}

/** The signed-in caller of an endpoint declared 'authenticated' or with a permission. */
export function currentUser(c: Context<AppEnv>): AuthenticatedUser {
  const user = c.get('user');
  if (!user) throw new Error(`${c.req.method} ${c.req.path} reads the caller but is not declared as signed-in only`);
  return user;
}
