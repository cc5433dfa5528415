import { describe, expect, it, vi } from 'vitest';
import { customDashboardBackend, makeProject } from '../../../../tests/msw/custom-dashboard';
import { server } from '../../../../tests/msw/server';
import { signInAs } from '../../../../tests/support/render-app';
import { ApiError, setNavigator } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { CUSTOM_DASHBOARD_POLL_MS, DISPLAY_TOKEN_MESSAGES, OVERALL_PROJECT_NAME, PROJECT_MESSAGES } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';
import { SESSION_ACCESS, type DashboardAccess } from './access';
import { createProject, deleteProject, executionResultsQuery, projectDetailsQuery, projectListQuery, testPlanDataQuery, updateProject } from './projects';

const frame = { startDate: '2026-01-01', endDate: '2026-01-07' };
const display: DashboardAccess = { kind: 'display', token: 'ldt_wall' };

function setUp() {
  const checkout = makeProject({ projectName: 'Checkout', projectGoal: 80 });
  const backend = customDashboardBackend({ projects: [checkout], displayTokens: ['ldt_wall'], executionResults: { collectionExecuted: 4, passRate: 75 } });
  server.use(...backend.handlers);
  return { backend, checkout, queryClient: createQueryClient() };
}

describe('custom dashboard reads', () => {
  it('reads the signed-in calls with the frame, and leaves projectId out for Overall', async () => {
    signInAs(['DASHBOARD_PUBLISHED']);
    const { backend, checkout, queryClient } = setUp();
    expect(await queryClient.fetchQuery(projectListQuery(SESSION_ACCESS))).toEqual([{ projectId: checkout.projectId, projectName: 'Checkout' }]);
    const results = await queryClient.fetchQuery(executionResultsQuery(SESSION_ACCESS, OVERALL_PROJECT_NAME, frame));
    expect(results).toMatchObject({ collectionExecuted: 4, passRate: 75 });
    await queryClient.fetchQuery(executionResultsQuery(SESSION_ACCESS, checkout.projectId, frame));
    const details = await queryClient.fetchQuery(projectDetailsQuery(checkout.projectId, frame));
    expect(details.projectGoal).toBe(80);
    expect(backend.state.requests.map(({ path, query }) => ({ path, query }))).toEqual([
      { path: endpoints.customDashboard.projectList, query: {} },
      { path: endpoints.customDashboard.executionResults, query: frame },
      { path: endpoints.customDashboard.executionResults, query: { ...frame, projectId: checkout.projectId } },
      { path: endpoints.customDashboard.projectDetails, query: { ...frame, projectId: checkout.projectId } },
    ]);
  });

  it('reads the shared calls with the display token as `token`, without a session', async () => {
    const { backend, checkout, queryClient } = setUp();
    await queryClient.fetchQuery(projectListQuery(display));
    await queryClient.fetchQuery(executionResultsQuery(display, OVERALL_PROJECT_NAME, frame));
    const plan = await queryClient.fetchQuery(testPlanDataQuery(display, checkout.projectId, frame));
    expect(plan.testProgress.projectGoal).toBe(80);
    expect(backend.state.requests.map(({ path, query }) => ({ path, query }))).toEqual([
      { path: endpoints.customDashboard.sharedProjectList, query: { token: 'ldt_wall' } },
      { path: endpoints.customDashboard.sharedExecutionResults, query: { ...frame, token: 'ldt_wall' } },
      { path: endpoints.customDashboard.sharedTestPlanData, query: { ...frame, projectId: checkout.projectId, token: 'ldt_wall' } },
    ]);
  });

  it('polls every CUSTOM_DASHBOARD_POLL_MS while answers come, without React Query retries', () => {
    const healthy = { state: { dataUpdatedAt: 2, errorUpdatedAt: 1 } };
    // pollingOptions reads only the query's state; the query options type asks for a whole Query.
    const intervalOf = ({ refetchInterval }: { refetchInterval?: unknown }) =>
      typeof refetchInterval === 'function' ? (refetchInterval as (query: typeof healthy) => unknown)(healthy) : refetchInterval;
    for (const options of [projectListQuery(display), executionResultsQuery(display, 'p', frame), testPlanDataQuery(display, 'p', frame), projectDetailsQuery('p', frame)]) {
      expect(intervalOf(options)).toBe(CUSTOM_DASHBOARD_POLL_MS);
      expect(options.retry).toBe(false);
    }
  });

  it('keeps a signed-in read and a display read of the same figures apart', () => {
    expect(projectListQuery(display).queryKey).not.toEqual(projectListQuery(SESSION_ACCESS).queryKey);
    expect(testPlanDataQuery(display, 'p', frame).queryKey).not.toEqual(testPlanDataQuery({ kind: 'display', token: 'other' }, 'p', frame).queryKey);
  });

  it('fails a display read with an unknown token as a 401 with the display message, sending nobody to log out', async () => {
    signInAs(['DASHBOARD_PUBLISHED']);
    const { queryClient } = setUp();
    const navigate = vi.fn();
    setNavigator(navigate);
    const error = await queryClient.fetchQuery(projectListQuery({ kind: 'display', token: 'ldt_revoked' })).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: DISPLAY_TOKEN_MESSAGES.unknown });
    expect(navigate).not.toHaveBeenCalled();
  });
});

describe('custom dashboard writes', () => {
  it('creates, saves and removes a project', async () => {
    signInAs(['DASHBOARD_MANAGEMENT']);
    const { backend } = setUp();
    const created = await createProject('Payments');
    expect(created.projectName).toBe('Payments');
    const request = { projectId: created.projectId, projectGoal: 90, collectionsData: [], schedulesData: [], projectDateTags: [{ projectTag: 'v1', date: '2026-01-02' }] };
    await updateProject(request, 'Payments');
    expect(backend.state.updated).toEqual([request]);
    await deleteProject(created.projectId, 'Payments');
    expect(backend.state.deleted).toEqual([created.projectId]);
  });

  it("treats status false (the string too) as a failure with the §8 message", async () => {
    signInAs(['DASHBOARD_MANAGEMENT']);
    const { backend, checkout } = setUp();
    backend.state.writesFail = true;
    await expect(createProject('Payments')).rejects.toThrow(PROJECT_MESSAGES.createFailed('Payments'));
    await expect(deleteProject(checkout.projectId, 'Checkout')).rejects.toThrow(PROJECT_MESSAGES.removeFailed('Checkout'));
    const request = { projectId: checkout.projectId, projectGoal: 1, collectionsData: [], schedulesData: [], projectDateTags: [] };
    await expect(updateProject(request, 'Checkout')).rejects.toThrow(PROJECT_MESSAGES.saveFailed('Checkout'));
  });
});
