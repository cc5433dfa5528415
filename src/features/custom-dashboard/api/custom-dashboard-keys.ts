import type { DashboardAccess, DashboardFrame } from './access';

/** The part of a key that tells a signed-in read from a display's: a display token sees only its own answers. */
const accessKey = (access: DashboardAccess) => (access.kind === 'session' ? 'session' : `display:${access.token}`);

/** Query keys of the operations and leadership dashboards (issue 17). */
export const customDashboardKeys = {
  all: ['custom-dashboard'] as const,
  projectLists: () => [...customDashboardKeys.all, 'project-list'] as const,
  projectList: (access: DashboardAccess) => [...customDashboardKeys.projectLists(), accessKey(access)] as const,
  projectDetailsAll: () => [...customDashboardKeys.all, 'project-details'] as const,
  projectDetails: (projectId: string, frame: DashboardFrame) =>
    [...customDashboardKeys.projectDetailsAll(), projectId, frame.startDate, frame.endDate] as const,
  executionResultsAll: () => [...customDashboardKeys.all, 'execution-results'] as const,
  executionResults: (access: DashboardAccess, projectId: string, frame: DashboardFrame) =>
    [...customDashboardKeys.executionResultsAll(), accessKey(access), projectId, frame.startDate, frame.endDate] as const,
  testPlanDataAll: () => [...customDashboardKeys.all, 'test-plan-data'] as const,
  testPlanData: (access: DashboardAccess, projectId: string, frame: DashboardFrame) =>
    [...customDashboardKeys.testPlanDataAll(), accessKey(access), projectId, frame.startDate, frame.endDate] as const,
  /** The choices of the KPI editor: the organization's collections, schedules and tags. */
  collections: () => [...customDashboardKeys.all, 'collections'] as const,
  schedules: () => [...customDashboardKeys.all, 'schedules'] as const,
  tags: () => [...customDashboardKeys.all, 'tags'] as const,
};
