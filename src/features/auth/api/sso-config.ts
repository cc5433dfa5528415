import { apiJson } from '../../../lib/api-client';
import type { SsoConfig } from '../../../shared/contracts/auth';
import { endpoints } from '../../../shared/endpoints';

/** GET /api/sso/config (public): the Google client id, or null when Google sign-in is not set up. */
export function fetchSsoConfig(): Promise<SsoConfig> {
  return apiJson(endpoints.auth.ssoConfig, () => import('../../../shared/contracts/auth').then((contracts) => contracts.ssoConfigSchema));
}
