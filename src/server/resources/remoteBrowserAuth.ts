import type { Context } from 'hono';
import { REMOTE_BROWSER_MESSAGES } from '../../shared/contracts/remote-browsers';
import { machineTokenAuthentication } from '../auth/machineTokens';
import type { Db } from '../db/database';
import { findRemoteBrowserByToken } from './remoteBrowsers';

type RemoteBrowserOf = (c: Context) => Promise<{ device_id: string; remote_endpoint: string | null }>;

/** The remote browser whose own token the request carries: such a token may register and send heartbeats, nothing else. */
export function remoteBrowserAuthentication(db: Db): RemoteBrowserOf {
  return machineTokenAuthentication(db, { limiter: 'remote-browser-token', find: findRemoteBrowserByToken, messages: REMOTE_BROWSER_MESSAGES });
}
