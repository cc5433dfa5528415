import type { Context } from 'hono';
import { SCHEDULE_MESSAGES } from '../../shared/contracts/schedules';
import { ApiError } from '../http/apiError';
import { currentUser, type AppEnv } from '../http/appEnv';
import { findScheduleRow, type ScheduleRow } from './repository';
import { executionDetailsPayloadOf } from './scheduleViews';
import type { Services } from '../services';

/** The caller's organization's live schedule of that id, or 404. */
export async function requireSchedule(services: Services, c: Context<AppEnv>, id: string): Promise<ScheduleRow> {
  const row = await findScheduleRow(services.db, id, currentUser(c).row.org_id);
  if (!row) throw new ApiError(404, SCHEDULE_MESSAGES.notFound(id));
  return row;
}

/** The Collection Execution of the caller's organization's firing of that id (getExecutionDetails), or 404. */
export async function requireExecutionDetails(services: Services, c: Context<AppEnv>, executionId: string) {
  const details = await executionDetailsPayloadOf(services.db, executionId, currentUser(c).row.org_id);
  if (!details) throw new ApiError(404, SCHEDULE_MESSAGES.executionNotFound(executionId));
  return details;
}

export const SCHEDULES_TAG = 'Schedules';
