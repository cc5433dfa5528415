import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { WALL_DISPLAY_PARAM, WALL_DISPLAY_VALUE } from '../../../offline/wall-display-mode';
import {
  displayTokenCreatedResponseSchema,
  displayTokenListResponseSchema,
  displayTokenRevokedResponseSchema,
  type DisplayToken,
} from '../../../shared/contracts/custom-dashboard';
import { APP_BASE_PATH, endpoints } from '../../../shared/endpoints';
import { customDashboardKeys } from '../api/custom-dashboard-keys';

const paths = endpoints.customDashboard;

export const displayTokenKeys = {
  all: () => [...customDashboardKeys.all, 'display-tokens'] as const,
};

/** GET displayTokens: the organization's tokens in use, without their secrets. */
export const displayTokensQuery = () =>
  queryOptions({
    queryKey: displayTokenKeys.all(),
    queryFn: async ({ signal }): Promise<DisplayToken[]> => (await apiJson(paths.displayTokens, displayTokenListResponseSchema, { signal })).data,
  });

export interface NewDisplayToken {
  dashboardId: string;
  name: string;
}

/** POST displayTokens: the one answer that holds the token's secret. */
export const createDisplayTokenMutation = () =>
  mutationOptions({
    mutationKey: [...displayTokenKeys.all(), 'create'],
    mutationFn: async (request: NewDisplayToken) =>
      (await apiJson(paths.displayTokens, displayTokenCreatedResponseSchema, { method: 'POST', json: request })).data,
  });

/** DELETE displayTokens/{tokenId}: the display showing it gets 401 from its next poll. */
export const revokeDisplayTokenMutation = () =>
  mutationOptions({
    mutationKey: [...displayTokenKeys.all(), 'revoke'],
    mutationFn: async (tokenId: string) => (await apiJson(paths.revokeDisplayToken(tokenId), displayTokenRevokedResponseSchema, { method: 'DELETE' })).message,
  });

/**
 * The link a wall display opens: the leadership dashboard with the token as its dashboardId (part 3 §2: the page keeps
 * it as the parameter token) and the wall-display mark, so the display keeps polling, awake, and updates itself.
 */
export function displayLink(token: string, origin: string = window.location.origin): string {
  const query = new URLSearchParams({ dashboardId: token, [WALL_DISPLAY_PARAM]: WALL_DISPLAY_VALUE });
  return `${origin}${APP_BASE_PATH}/dashboard/leadership?${query.toString()}`;
}
