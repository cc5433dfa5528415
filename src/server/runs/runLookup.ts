import type { Context } from 'hono';
import { runNotFoundMessage } from '../../shared/contracts/runs';
import { ApiError } from '../http/apiError';
import type { Access } from '../http/endpoints';
import { currentUser, type AppEnv } from '../http/appEnv';
import { findRun, type RunRow } from './repository';
import type { Services } from '../services';

/** The caller's organization: runs are visible within the organization of their collection only. */
export const callerOrgId = (c: Context<AppEnv>): string => currentUser(c).row.org_id;

/** The run of the caller's organization, or 404. */
export async function requireRun(services: Services, c: Context<AppEnv>, statusId: string): Promise<RunRow> {
  const run = await findRun(services.db, statusId, callerOrgId(c));
  if (!run) throw new ApiError(404, runNotFoundMessage(statusId));
  return run;
}

/** A comma list, repeated fields, or both: trimmed, empty parts dropped. */
export function idList(value: string | readonly string[] | undefined): string[] {
  const parts = typeof value === 'string' ? [value] : (value ?? []);
  return parts
    .flatMap((part) => part.split(','))
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

/** Run history and its reports serve the Studio and the Operations Centre alike. */
export const RUN_HISTORY_ACCESS = { anyOf: ['STUDIO', 'OPERATIONS_CENTER'] } as const satisfies Access;
