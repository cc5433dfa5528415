import { apiFetch } from '../../../lib/api-client';
import { endpoints } from '../../../shared/endpoints';

/** The user's IANA time zone, in which the server writes the report's times. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** GET /stats/getReport/{id}?timezone: the run's self-contained HTML report as a blob. */
export async function fetchHtmlReport(statusId: string, timeZone = userTimeZone()): Promise<Blob> {
  const response = await apiFetch(`${endpoints.runs.report(statusId)}?${new URLSearchParams({ timezone: timeZone })}`);
  if (!response.ok) throw new Error(`HTML report answered ${response.status}`);
  return response.blob();
}
