import type { Api } from '../services';
import { registerLogin } from './auth/login';
import { registerLogout } from './auth/logout';
import { registerRefreshToken } from './auth/refreshToken';
import { registerSso } from './auth/sso';
import { registerSsoConfig } from './auth/ssoConfig';
import { registerHealthCheck } from './health/healthCheck';
import { registerHealthStatus } from './health/healthStatus';
import { registerCreateUser } from './users/createUser';
import { registerGetUser } from './users/getUser';
import { registerListUsers } from './users/listUsers';

/** Every API operation, one module each. Later areas add their register functions here. */
const registrations: ((api: Api) => void)[] = [
  registerLogin,
  registerRefreshToken,
  registerLogout,
  registerSso,
  registerSsoConfig,
  registerListUsers,
  registerCreateUser,
  registerGetUser,
  registerHealthCheck,
  registerHealthStatus,
];

export function registerApiRoutes(api: Api): void {
  for (const register of registrations) register(api);
}
