import { screen, waitFor, within } from '@testing-library/react';
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { dashboardsBackend, makeReport } from '../../../../tests/msw/dashboards';
import { makeProject } from '../../../../tests/msw/custom-dashboard';
import { server } from '../../../../tests/msw/server';
import { renderApp, signInAs } from '../../../../tests/support/render-app';
import type { QueryClient } from '@tanstack/react-query';
import { createQueryClient } from '../../../lib/query-client';
import { reportListQuery } from '../../dashboards/api/reports';
import { CUSTOM_DASHBOARD_TITLE } from '../../../shared/contracts/dashboards';
import { endpoints } from '../../../shared/endpoints';
import type { Permission } from '../../../shared/permissions';
import { OVERALL_TEXTS } from '../components/OverallSection';
import { KPI_TEXTS } from '../components/ProjectKpiEditor';
import { PROJECT_PLAN_TEXTS } from '../components/ProjectPlanSection';
import { PROJECT_SELECTOR_TEXTS } from '../components/ProjectSelector';
import { TEST_PLAN_TEXTS } from '../components/TestPlanSection';
import { CHECKOUT, LOGIN, seedBackends } from '../components/testing';
import { MISSING_REPORT_TEXTS, OPERATIONS_TEXTS } from './OperationsDashboardPage';

const checkout = makeProject({
  projectId: 'p-checkout',
  projectName: 'Checkout',
  projectGoal: 80,
  collectionsData: [
    { collectionId: CHECKOUT.id, collectionName: CHECKOUT.testSuiteName },
    { collectionId: LOGIN.id, collectionName: LOGIN.testSuiteName },
  ],
  projectDateTags: [{ projectTag: 'v2.0', date: '2026-01-02' }],
});

function openOperations(features: Permission[], reports = [makeReport({ id: 'report-custom', title: CUSTOM_DASHBOARD_TITLE })], queryClient?: QueryClient) {
  const backend = seedBackends({
    projects: [checkout],
    executionResults: { collectionExecuted: 12, passRate: 75, totalTime: { hours: 1, minutes: 2, seconds: 3 }, failures: [{ labelName: 'Timeout', count: 3 }] },
    executionData: [
      { status: 'PASSED', count: 9 },
      { status: 'FAILED', count: 3 },
    ],
    scheduleData: [{ status: 'ABORTED', count: 2 }],
    testPlanData: {
      'p-checkout': {
        testPlanData: [
          { collectionId: CHECKOUT.id, collectionName: CHECKOUT.testSuiteName, passed: 5, failed: 1 },
          { collectionId: LOGIN.id, collectionName: LOGIN.testSuiteName, passed: 4, failed: 2 },
        ],
        defectBreakDownData: [
          { tagName: 'Timeout', failureCount: 2, hideTag: false },
          { tagName: 'Flaky', failureCount: 1, hideTag: true },
        ],
        testProgress: {
          collProgressData: [
            { date: '2026-01-01', pass: 1, fail: 1 },
            { date: '2026-01-02', pass: 0, fail: 0 },
            { date: '2026-01-03', pass: 2, fail: 0 },
          ],
          collProgressDataLabel: 'Pass %',
          projectGoal: 80,
          projectDateTags: [{ projectTag: 'v2.0', date: '2026-01-02' }],
        },
      },
    },
  });
  signInAs(features);
  const dashboards = dashboardsBackend({ reports });
  server.use(...dashboards.handlers);
  return { backend, dashboards, ...renderApp('/dashboard/operations', queryClient) };
}

const section = (name: string) => screen.findByRole('region', { name });
const chart = (scope: HTMLElement, name: string) => within(scope).findByRole('group', { name });
const marks = (chartElement: HTMLElement) => [...chartElement.querySelectorAll('.chart-mark')].map((mark) => mark.getAttribute('aria-label'));

describe('dashboard/operations', () => {
  it('opens with a Custom Dashboard report that a cached list from before its save lacks', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(reportListQuery().queryKey, []);
    openOperations(['DASHBOARD_MANAGEMENT'], undefined, queryClient);
    expect(await section(OVERALL_TEXTS.title)).toBeInTheDocument();
    expect(screen.queryByText(MISSING_REPORT_TEXTS.missing)).toBeNull();
  });

  it('says the Custom Dashboard report is missing and lets a manager create it, which opens the dashboard', async () => {
    const { dashboards, user } = openOperations(['DASHBOARD_MANAGEMENT'], []);
    expect(await screen.findByText(MISSING_REPORT_TEXTS.missing)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: MISSING_REPORT_TEXTS.create }));
    await waitFor(() => expect(dashboards.state.added.map((draft) => draft.title)).toEqual([CUSTOM_DASHBOARD_TITLE]));
    expect(await section(OVERALL_TEXTS.title)).toBeInTheDocument();
  });

  it('only tells a viewer without DASHBOARD_MANAGEMENT to ask a manager', async () => {
    openOperations(['DASHBOARD_PUBLISHED'], []);
    expect(await screen.findByText(MISSING_REPORT_TEXTS.askManager)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MISSING_REPORT_TEXTS.create })).toBeNull();
  });

  it("shows the Overall Result tiles of Yesterday to today for 'Overall', and the failures by type", async () => {
    const { backend } = openOperations(['DASHBOARD_MANAGEMENT']);
    expect(await screen.findByRole('heading', { name: OPERATIONS_TEXTS.title })).toBeInTheDocument();
    const overall = await section(OVERALL_TEXTS.title);
    expect(await within(overall).findByText('12')).toBeInTheDocument();
    expect(within(overall).getByText('75%')).toBeInTheDocument();
    expect(within(overall).getByText('1 h 2 m 3 s')).toBeInTheDocument();
    expect(within(overall).getByText(OVERALL_TEXTS.executed)).toBeInTheDocument();
    expect(marks(await chart(overall, OVERALL_TEXTS.failures))).toEqual([expect.stringMatching(/Timeout.*3/)]);
    expect(within(overall).getByRole('button', { name: /Overall Overall project$/ })).toBeInTheDocument();
    const today = DateTime.utc().startOf('day');
    const overallRead = backend.state.requests.find((request) => request.path === endpoints.customDashboard.executionResults);
    expect(overallRead?.query).toEqual({ startDate: today.minus({ days: 1 }).toFormat('yyyy-MM-dd'), endDate: today.toFormat('yyyy-MM-dd') });
    expect(within(overall).getByText(/updated \d+ s ago/)).toBeInTheDocument();
  });

  it('shows the execution status by collections, or by schedules, of the selected project', async () => {
    const { user } = openOperations(['DASHBOARD_MANAGEMENT']);
    const plan = await section(PROJECT_PLAN_TEXTS.title);
    const byCollections = await chart(plan, `${PROJECT_PLAN_TEXTS.status}: ${PROJECT_PLAN_TEXTS.collections}`);
    expect(marks(byCollections)).toEqual([expect.stringMatching(/PASSED.*9/), expect.stringMatching(/FAILED.*3/)]);
    await user.click(within(plan).getByRole('radio', { name: PROJECT_PLAN_TEXTS.schedules }));
    expect(marks(await chart(plan, `${PROJECT_PLAN_TEXTS.status}: ${PROJECT_PLAN_TEXTS.schedules}`))).toEqual([expect.stringMatching(/ABORTED.*2/)]);
  });

  it('shows the test plan of the selected project: results per collection, the defect filter, and progress against the goal', async () => {
    const { user } = openOperations(['DASHBOARD_MANAGEMENT']);
    const plan = await section(TEST_PLAN_TEXTS.title);
    expect(marks(await chart(plan, TEST_PLAN_TEXTS.results))).toHaveLength(4);
    // A hidden tag (Flaky) stays out of the breakdown until the viewer picks it.
    expect(marks(await chart(plan, TEST_PLAN_TEXTS.defects))).toEqual([expect.stringMatching(/Timeout.*2/)]);
    await user.click(within(plan).getByRole('button', { name: new RegExp(`${TEST_PLAN_TEXTS.categories}$`) }));
    await user.click(await screen.findByRole('option', { name: 'Flaky' }));
    await user.keyboard('{Escape}');
    expect(marks(await chart(plan, TEST_PLAN_TEXTS.defects))).toEqual([expect.stringMatching(/Timeout.*2/), expect.stringMatching(/Flaky.*1/)]);
    const progress = await chart(plan, TEST_PLAN_TEXTS.progress);
    // Pass % of the runs so far: 1 of 2, still 1 of 2 on a day without runs, then 3 of 4.
    expect(marks(progress)).toEqual([expect.stringMatching(/2026-01-01.* 50\b/), expect.stringMatching(/2026-01-02.* 50\b/), expect.stringMatching(/2026-01-03.* 75\b/)]);
    expect(within(progress).getByRole('img', { name: TEST_PLAN_TEXTS.goal(80) })).toBeInTheDocument();
    expect(within(progress).getByRole('img', { name: 'v2.0: 2026-01-02' })).toBeInTheDocument();
  });

  it('shows a viewer without DASHBOARD_MANAGEMENT the figures but no Create and no KPI editor', async () => {
    openOperations(['DASHBOARD_PUBLISHED']);
    const plan = await section(PROJECT_PLAN_TEXTS.title);
    await chart(plan, `${PROJECT_PLAN_TEXTS.status}: ${PROJECT_PLAN_TEXTS.collections}`);
    expect(screen.queryByRole('button', { name: PROJECT_SELECTOR_TEXTS.create })).toBeNull();
    expect(screen.queryByRole('form', { name: KPI_TEXTS.title('Checkout') })).toBeNull();
  });
});
