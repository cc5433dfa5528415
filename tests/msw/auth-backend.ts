import type { StoredUser } from '../../src/shared/contracts/auth';
import type { StudioConfig } from '../../src/shared/config';
import { makeAccessToken, makeRefreshToken, makeStoredUser, tokenSubject, isTokenUnexpired } from './factories';

export const DEFAULT_PASSWORD = 'secret-password';
/** The authorization code the fake Google accepts. */
export const VALID_GOOGLE_CODE = 'valid-google-code';
/** The server hands out the same pair again to a reuse of a just-rotated refresh token within this window. */
export const REFRESH_GRACE_MS = 10_000;

export interface TokenPair {
  token: string;
  refreshToken: string;
}

export interface IssuedSession extends TokenPair {
  userId: string;
}

interface Account {
  user: StoredUser;
  password: string;
}

/**
 * The in-memory server the msw handlers answer from, following the auth contract of
 * prompts/common.md. Tests seed it, then read `calls` to count what the client did.
 */
export function createAuthBackend() {
  const accounts = new Map<string, Account>();
  const accessTokens = new Set<string>();
  const refreshOwners = new Map<string, string>();
  const rotated = new Map<string, { pair: TokenPair; at: number }>();
  const state = {
    calls: { tokens: 0, refresh: 0, logout: 0, sso: 0, users: 0, config: 0 },
    config: {} as StudioConfig,
    googleClientId: null as string | null,
    /** The account a valid Google code signs in. */
    ssoUserId: null as string | null,
    /** Makes refresh answers slow so concurrent callers really overlap. */
    refreshDelayMs: 0,
    /** Lifetime of issued access tokens; negative issues expired ones. */
    accessTokenSeconds: 900,
  };

  function issuePair(userId: string): TokenPair {
    const account = accounts.get(userId);
    const token = makeAccessToken({
      sub: userId,
      userId: account?.user.userId,
      features: account?.user.permissions.features,
      expiresInSeconds: state.accessTokenSeconds,
    });
    const refreshToken = makeRefreshToken();
    accessTokens.add(token);
    refreshOwners.set(refreshToken, userId);
    return { token, refreshToken };
  }

  return {
    state,
    reset(): void {
      accounts.clear();
      accessTokens.clear();
      refreshOwners.clear();
      rotated.clear();
      state.calls = { tokens: 0, refresh: 0, logout: 0, sso: 0, users: 0, config: 0 };
      state.config = {};
      state.googleClientId = null;
      state.ssoUserId = null;
      state.refreshDelayMs = 0;
      state.accessTokenSeconds = 900;
    },
    addUser(overrides: Partial<StoredUser> = {}, password = DEFAULT_PASSWORD): StoredUser {
      const user = makeStoredUser(overrides);
      accounts.set(user.id, { user, password });
      return user;
    },
    findByCredentials(userId: string, password: string): StoredUser | undefined {
      const account = [...accounts.values()].find((candidate) => candidate.user.userId === userId);
      return account?.password === password ? account.user : undefined;
    },
    findUser(id: string): StoredUser | undefined {
      return accounts.get(id)?.user;
    },
    /** Signs a user in on the server side, as if they had logged in before the test. */
    issueSession(user: StoredUser, { expiredAccessToken = false } = {}): IssuedSession {
      const pair = issuePair(user.id);
      if (expiredAccessToken) {
        accessTokens.delete(pair.token);
        pair.token = makeAccessToken({ sub: user.id, expiresInSeconds: -60 });
      }
      return { ...pair, userId: user.id };
    },
    issuePair,
    /** The user id of a valid, unexpired access token, else undefined. */
    authenticate(token: string | undefined): string | undefined {
      if (!token || !accessTokens.has(token) || !isTokenUnexpired(token)) return undefined;
      return tokenSubject(token);
    },
    rotate(refreshToken: string | undefined, now = Date.now()): TokenPair | undefined {
      if (!refreshToken) return undefined;
      const recent = rotated.get(refreshToken);
      if (recent && now - recent.at <= REFRESH_GRACE_MS) return recent.pair;
      const owner = refreshOwners.get(refreshToken);
      if (!owner) return undefined;
      refreshOwners.delete(refreshToken);
      const pair = issuePair(owner);
      rotated.set(refreshToken, { pair, at: now });
      return pair;
    },
    /** Revokes every token of the user, as GET /api/logout does to the refresh-token family. */
    revoke(userId: string): void {
      for (const [refreshToken, owner] of refreshOwners) if (owner === userId) refreshOwners.delete(refreshToken);
      for (const token of accessTokens) if (tokenSubject(token) === userId) accessTokens.delete(token);
      rotated.clear();
    },
  };
}

export type AuthBackend = ReturnType<typeof createAuthBackend>;

/** The one backend the default handlers use; reset after each test by tests/setup/unit.ts. */
export const authBackend = createAuthBackend();
