import type { QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { REPORT_FORM_FIELDS, reportSavedResponseSchema, type ReportDraft } from '../../../shared/contracts/dashboards';
import { endpoints } from '../../../shared/endpoints';
import { dashboardsKeys } from './dashboards-keys';

/** The report as the form calls take it (part 3 §7): title as is, settings and elements as JSON text. */
export function reportForm(draft: ReportDraft, id?: string): URLSearchParams {
  const form = new URLSearchParams();
  if (id !== undefined) form.set(REPORT_FORM_FIELDS.id, id);
  form.set(REPORT_FORM_FIELDS.title, draft.title);
  form.set(REPORT_FORM_FIELDS.settings, JSON.stringify(draft.settings));
  form.set(REPORT_FORM_FIELDS.elements, JSON.stringify(draft.elements));
  return form;
}

/**
 * Saves a report: charts/addDashboardConfig for a new one (no id yet), charts/updateDashboardConfig otherwise. Answers
 * the report's id and refreshes the report list (My Dashboards and the list page read it).
 */
export async function saveReport(queryClient: QueryClient, draft: ReportDraft, id: string | null): Promise<string> {
  const path = id === null ? endpoints.dashboards.add : endpoints.dashboards.update;
  const saved = await apiJson(path, reportSavedResponseSchema, { method: 'POST', body: reportForm(draft, id ?? undefined) });
  await queryClient.invalidateQueries({ queryKey: dashboardsKeys.reports() });
  return saved.data.id;
}
