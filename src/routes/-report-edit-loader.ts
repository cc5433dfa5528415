import type { QueryClient } from '@tanstack/react-query';
import { reportQuery } from '../features/dashboards/api/reports';

/** Route type of a new, blank report (part 3 §2 Route table). */
export const BLANK_REPORT_TYPE = 'BLANK';

/**
 * The editor routes' loader: a saved report (read from the list) starts loading before the editor mounts, which reads
 * the same query. It lives apart from the editor's component so that the route files, which the app loads at start,
 * do not pull the editor and its charts into the start chunk: they come with the route's own chunk.
 */
export function loadReportEditor({ context, params }: { context: { queryClient: QueryClient }; params: { type?: string } }): void {
  if (params.type !== undefined && params.type !== BLANK_REPORT_TYPE) void context.queryClient.prefetchQuery(reportQuery(params.type));
}
