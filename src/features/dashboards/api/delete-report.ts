import type { QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import { REPORT_FORM_FIELDS, reportDeletedResponseSchema } from '../../../shared/contracts/dashboards';
import { endpoints } from '../../../shared/endpoints';
import { dashboardsKeys } from './dashboards-keys';

/** charts/deleteDashboardConfig with the form field id; answers the server's message ('Report removed'). */
export async function deleteReport(queryClient: QueryClient, id: string): Promise<string> {
  const removed = await apiJson(endpoints.dashboards.remove, reportDeletedResponseSchema, {
    method: 'POST',
    body: new URLSearchParams({ [REPORT_FORM_FIELDS.id]: id }),
  });
  queryClient.removeQueries({ queryKey: dashboardsKeys.report(id) });
  await queryClient.invalidateQueries({ queryKey: dashboardsKeys.reports() });
  return removed.message;
}
