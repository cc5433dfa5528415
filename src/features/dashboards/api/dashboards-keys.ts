import type { DataBreakdown } from '../../../shared/contracts/dashboards';

/** Query keys of the dashboards area. */
export const dashboardsKeys = {
  all: ['dashboards'] as const,
  reports: () => [...dashboardsKeys.all, 'reports'] as const,
  report: (id: string) => [...dashboardsKeys.reports(), id] as const,
  reportTitled: (title: string) => [...dashboardsKeys.reports(), 'titled', title] as const,
  datasets: () => [...dashboardsKeys.all, 'datasets'] as const,
  /**
   * One dataset per organization, breakdown, collections and UTC range: elements over the same breakdown share it.
   * Collection ids are sorted so that the same choice in another order hits the same request.
   */
  dataset: (orgId: string, breakdown: DataBreakdown, collectionIds: readonly string[], startDate: number, endDate: number) =>
    [...dashboardsKeys.datasets(), orgId, breakdown, [...collectionIds].sort(), startDate, endDate] as const,
};
