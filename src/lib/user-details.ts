import { queryOptions } from '@tanstack/react-query';
import type { StoredUser } from '../shared/contracts/auth';
import { USER_DETAILS_THROTTLE_MS } from '../shared/constants';
import { endpoints } from '../shared/endpoints';
import { apiJson } from './api-client';
import { getSession, getStoredUser, setStoredUser, subscribeSession } from './session';

/** When the stored user was last fetched from the server, per user id; memory only, so a reload asks once. */
let lastFetch: { userId: string; at: number } | null = null;
let inFlight: { userId: string; promise: Promise<StoredUser> } | null = null;

function forgetUser(): void {
  lastFetch = null;
  inFlight = null;
  setStoredUser(null);
}

// When the token disappears (logout here or in another tab) or another user signs in, the user details are reset.
subscribeSession((session) => {
  if (!session || (lastFetch && lastFetch.userId !== session.userId)) forgetUser();
});

/**
 * The signed-in user, fetched from GET /api/users/{id} at most once per USER_DETAILS_THROTTLE_MS however often
 * asked, and cached in localStorage 'user'. Null when nobody is signed in.
 */
export async function loadUserDetails(): Promise<StoredUser | null> {
  const session = getSession();
  if (!session) {
    forgetUser();
    return null;
  }
  const { userId } = session;
  const cached = getStoredUser();
  if (cached?.id === userId && lastFetch?.userId === userId && Date.now() - lastFetch.at < USER_DETAILS_THROTTLE_MS) return cached;
  if (inFlight?.userId === userId) return inFlight.promise;
  const promise = apiJson(endpoints.users.byId(userId), () => import('../shared/contracts/auth').then((contracts) => contracts.userResponseSchema)).then(({ data }) => {
    if (getSession()?.userId === userId) {
      setStoredUser(data);
      lastFetch = { userId, at: Date.now() };
    }
    return data;
  });
  inFlight = { userId, promise };
  try {
    return await promise;
  } finally {
    if (inFlight?.promise === promise) inFlight = null;
  }
}

export const userDetailsKey = ['userDetails'] as const;

/** The stored user is placeholder data so guards and menus render at once from the last known permissions. */
export function userDetailsQueryOptions() {
  return queryOptions({
    queryKey: [...userDetailsKey, getSession()?.userId ?? null] as const,
    queryFn: loadUserDetails,
    staleTime: USER_DETAILS_THROTTLE_MS,
    placeholderData: () => getStoredUser() ?? undefined,
  });
}
