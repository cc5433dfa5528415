import { apiFetch } from '../../../lib/api-client';
import { scheduleReportFileName } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';

/** What the Collection Execution modal's Export HTML needs of a firing. */
interface Firing {
  scheduleName: string;
  execution: { scheduleId: string };
  collections: readonly { id: string | null }[];
}

/**
 * Export HTML of a firing in the Operations Centre: GET {automation}/stats/getScheduleReport?timezone&statusIds (part 2 §7
 * Operations Centre) with the firing's runs; the server answers a zip, or the page itself for a single run.
 */
export async function fetchFiringReport(firing: Firing, timeZone: string): Promise<{ fileName: string; blob: Blob }> {
  const statusIds = firing.collections.flatMap((collection) => (collection.id === null ? [] : [collection.id]));
  if (statusIds.length === 0) throw new Error('No collection of this firing has run yet.');
  const response = await apiFetch(`${endpoints.runs.scheduleReport}?${new URLSearchParams({ timezone: timeZone, statusIds: statusIds.join(',') })}`);
  if (!response.ok) throw new Error(`The report answered ${response.status}`);
  const blob = await response.blob();
  const zip = scheduleReportFileName({ name: firing.scheduleName, id: firing.execution.scheduleId });
  return { fileName: blob.type.includes('html') ? zip.replace(/\.zip$/, '.html') : zip, blob };
}
