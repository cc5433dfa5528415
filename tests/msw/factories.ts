import { decodeJwt, UnsecuredJWT } from 'jose';
import type { StoredUser } from '../../src/shared/contracts/auth';
import { PERMISSIONS } from '../../src/shared/permissions';

let sequence = 0;

/** A fresh value per call, so tokens and ids never collide between tests. */
export function nextId(prefix: string): string {
  sequence += 1;
  return `${prefix}-${sequence}`;
}

export function makeStoredUser(overrides: Partial<StoredUser> = {}): StoredUser {
  const id = overrides.id ?? nextId('user');
  return {
    id,
    userId: `${id}@example.com`,
    orgId: 'org-1',
    groups: [],
    userDetails: { firstName: 'Test', lastName: 'User' },
    role: { roleName: 'Administrator', roleDescription: 'All features' },
    permissions: { features: [...PERMISSIONS] },
    ...overrides,
  };
}

export interface AccessTokenOptions {
  sub?: string;
  userId?: string;
  features?: readonly string[];
  /** Negative for a token that is already expired. */
  expiresInSeconds?: number;
}

/**
 * An unsigned JWT with the access claims. The client only reads `exp` (the server verifies), and the
 * msw handlers check tokens by identity, so no key is needed here.
 */
export function makeAccessToken({ sub = 'user-1', userId = 'user-1@example.com', features = PERMISSIONS, expiresInSeconds = 900 }: AccessTokenOptions = {}): string {
  return new UnsecuredJWT({ userId, features: [...features], typ: 'access', jti: nextId('jti') })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds)
    .encode();
}

export function makeExpiredAccessToken(options: Omit<AccessTokenOptions, 'expiresInSeconds'> = {}): string {
  return makeAccessToken({ ...options, expiresInSeconds: -60 });
}

export function makeRefreshToken(): string {
  return nextId('refresh');
}

export function tokenSubject(token: string): string | undefined {
  try {
    return decodeJwt(token).sub;
  } catch {
    return undefined;
  }
}

export function isTokenUnexpired(token: string): boolean {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' && exp * 1000 > Date.now();
  } catch {
    return false;
  }
}
