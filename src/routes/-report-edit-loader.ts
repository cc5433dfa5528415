import type { QueryClient } from '@tanstack/react-query';

/** Route type of a new, blank report (part 3 §2 Route table). */
export const BLANK_REPORT_TYPE = 'BLANK';

/**
 * The editor routes' loader: a saved report (read from the list) starts loading before the editor mounts, which reads
 * the same query. The query options come with their own chunk, keeping the editor and zod off the sign-in page.
 */
export async function loadReportEditor({ context, params }: { context: { queryClient: QueryClient }; params: { type?: string } }): Promise<void> {
  if (params.type === undefined || params.type === BLANK_REPORT_TYPE) return;
  const { reportQuery } = await import('../features/dashboards/api/reports');
  void context.queryClient.prefetchQuery(reportQuery(params.type));
}
