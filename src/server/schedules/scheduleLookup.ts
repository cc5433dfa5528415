import type { Context } from 'hono';
import { SCHEDULE_MESSAGES } from '../../shared/contracts/schedules';
import { ApiError } from '../http/apiError';
import { currentUser, type AppEnv } from '../http/appEnv';
import { findScheduleRow, type ScheduleRow } from './repository';
import type { Services } from '../services';

/** The caller's organization's live schedule of that id, or 404. */
export async function requireSchedule(services: Services, c: Context<AppEnv>, id: string): Promise<ScheduleRow> {
  const row = await findScheduleRow(services.db, id, currentUser(c).row.org_id);
  if (!row) throw new ApiError(404, SCHEDULE_MESSAGES.notFound(id));
  return row;
}

export const SCHEDULES_TAG = 'Schedules';
