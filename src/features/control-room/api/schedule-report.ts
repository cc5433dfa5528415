import { apiFetch } from '../../../lib/api-client';
import { endpoints } from '../../../shared/endpoints';

/** The HTML reports of one schedule firing, as a zip (part 2 §7 schedule report). */
export async function fetchScheduleReport(executionId: string, timeZone: string): Promise<Blob> {
  const response = await apiFetch(`${endpoints.schedules.report}?${new URLSearchParams({ executionId, timezone: timeZone })}`);
  if (!response.ok) throw new Error(`Schedule report answered ${response.status}`);
  return response.blob();
}
