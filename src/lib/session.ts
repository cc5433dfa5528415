import { decodeJwt } from 'jose';
import type { StoredUser } from '../shared/contracts/auth';

/** Client storage keys (localStorage). */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refreshToken',
  userId: 'userId',
  user: 'user',
  config: 'config',
  importTestSuiteIds: 'importTestSuiteIds',
  downloadFileQueue: 'downloadFileQueue',
  uploadFileQueue: 'uploadFileQueue',
  paramToken: 'paramToken',
  /** 'Do not show this message again' on the unsaved-data dialog: a preference of this browser, kept on logout. */
  unsavedWarningDisabled: 'unsavedDataWarningDisabled',
  /** The user's open or closed choice of the collection status sidebar: a preference of this browser, kept on logout. */
  collectionSidebar: 'collectionSidebar',
} as const;

export const TEMPORARY_KEY_PREFIX = 'tmp:';

/**
 * Logout clears local storage but keeps these. The parameter token survives logout by spec;
 * the config is deployment data, not user data: clearing it would switch every flag back to
 * its default until the next reload (e.g. hide the health page on the login screen).
 */
const KEPT_ON_LOGOUT: readonly string[] = [STORAGE_KEYS.paramToken, STORAGE_KEYS.config, STORAGE_KEYS.unsavedWarningDisabled, STORAGE_KEYS.collectionSidebar];

const SESSION_KEYS: readonly string[] = [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.userId];

export interface Session {
  token: string;
  refreshToken: string;
  /** The user's id, as used by GET /api/users/{id}. */
  userId: string;
}

export type SessionListener = (session: Session | null) => void;

const listeners = new Set<SessionListener>();

function notify(): void {
  const session = getSession();
  for (const listener of listeners) listener(session);
}

export function getSession(): Session | null {
  const token = localStorage.getItem(STORAGE_KEYS.token);
  const refreshToken = localStorage.getItem(STORAGE_KEYS.refreshToken);
  const userId = localStorage.getItem(STORAGE_KEYS.userId);
  return token && refreshToken && userId ? { token, refreshToken, userId } : null;
}

/**
 * The user whose session a refused token refresh ended in this tab, until the next sign-in or logout: their queued work
 * waits for them, whichever request (a queue's or a page's) met the refusal first.
 */
let endedSessionUserId: string | null = null;

export function getEndedSessionUserId(): string | null {
  return endedSessionUserId;
}

export function setSession(session: Session): void {
  endedSessionUserId = null;
  localStorage.setItem(STORAGE_KEYS.token, session.token);
  localStorage.setItem(STORAGE_KEYS.refreshToken, session.refreshToken);
  localStorage.setItem(STORAGE_KEYS.userId, session.userId);
  notify();
}

/** Clears local storage except the parameter token and the config (see KEPT_ON_LOGOUT). */
export function clearSession(): void {
  endedSessionUserId = null;
  removeKeys((key) => !KEPT_ON_LOGOUT.includes(key));
  notify();
}

/**
 * Ends the session without the full logout clean-up: a failed token refresh drops the credentials and the
 * cached user but keeps the transfer queues, which resume once the user signs in again.
 */
export function dropSessionTokens(): void {
  endedSessionUserId = getSession()?.userId ?? endedSessionUserId;
  removeKeys((key) => SESSION_KEYS.includes(key) || key === STORAGE_KEYS.user);
  notify();
}

/** Temporary items live for one app start only. */
export function clearTemporaryItems(): void {
  removeKeys((key) => key.startsWith(TEMPORARY_KEY_PREFIX));
}

function removeKeys(shouldRemove: (key: string) => boolean): void {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index)).filter(
    (key): key is string => key !== null,
  );
  for (const key of keys) if (shouldRemove(key)) localStorage.removeItem(key);
}

/** Fires on session changes in this tab and, through the `storage` event, in other tabs. */
export function subscribeSession(listener: SessionListener): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key means another tab called localStorage.clear().
    if (event.key === null || SESSION_KEYS.includes(event.key)) listener(getSession());
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The cached user, written by setStoredUser from a validated answer; a damaged item counts as absent. */
export function getStoredUser(): StoredUser | null {
  const stored = readJson(STORAGE_KEYS.user);
  if (typeof stored !== 'object' || stored === null) return null;
  const { id, permissions, userDetails } = stored as Partial<Record<keyof StoredUser, unknown>>;
  const features = (permissions as { features?: unknown } | undefined)?.features;
  const shaped = typeof id === 'string' && Array.isArray(features) && typeof userDetails === 'object' && userDetails !== null;
  return shaped ? (stored as StoredUser) : null;
}

export function setStoredUser(user: StoredUser | null): void {
  if (user) localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  else localStorage.removeItem(STORAGE_KEYS.user);
}

export function getParamToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.paramToken);
}

export function setParamToken(token: string | null): void {
  if (token) localStorage.setItem(STORAGE_KEYS.paramToken, token);
  else localStorage.removeItem(STORAGE_KEYS.paramToken);
}

/** Reads a stored JSON item; unreadable content counts as absent. */
export function readJson(key: string): unknown {
  const raw = localStorage.getItem(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/**
 * The JWT's issue and expiry times in epoch milliseconds, read without verifying (the server verifies); null if it has
 * no readable expiry.
 */
export function decodeTokenTimes(token: string): { issuedAt: number | null; expiresAt: number } | null {
  try {
    const { iat, exp } = decodeJwt(token);
    if (typeof exp !== 'number') return null;
    return { issuedAt: typeof iat === 'number' ? iat * 1000 : null, expiresAt: exp * 1000 };
  } catch {
    return null;
  }
}
