import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { customDashboardBackend, makeProject } from '../../../../tests/msw/custom-dashboard';
import { displayTokensBackend, makeDisplayToken } from '../../../../tests/msw/custom-dashboard-display';
import { server } from '../../../../tests/msw/server';
import { currentPath, renderApp, signInAs } from '../../../../tests/support/render-app';
import { getParamToken } from '../../../lib/session';
import { DISPLAY_TOKEN_MESSAGES } from '../../../shared/contracts/custom-dashboard';
import { endpoints } from '../../../shared/endpoints';

const paths = endpoints.customDashboard;
const display = makeDisplayToken({ dashboardId: 'r-lead', name: 'Lobby screen' });

function serve() {
  const dashboard = customDashboardBackend({
    projects: [makeProject({ projectId: 'p-1', projectName: 'Checkout', projectGoal: 90 })],
    executionResults: { collectionExecuted: 12, passRate: 75 },
  });
  const tokens = displayTokensBackend({ tokens: [display], reportIds: ['r-lead'], acceptedTokens: dashboard.state.displayTokens });
  server.use(...dashboard.handlers, ...tokens.handlers);
  return { dashboard, tokens };
}

const requestsTo = (dashboard: ReturnType<typeof serve>['dashboard'], path: string) => dashboard.state.requests.filter((request) => request.path === path);

describe('leadership dashboard on a wall display (dashboard/leadership?dashboardId=<display token>)', () => {
  it('reads through the shared calls with the token, with no session, and keeps the token as the parameter token', async () => {
    const { dashboard } = serve();
    const { router } = renderApp(`/dashboard/leadership?dashboardId=${display.token}&display=wall`);

    expect(await screen.findByRole('heading', { name: 'Leadership Dashboard' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(dashboard, paths.sharedProjectList).length).toBeGreaterThan(0));
    expect(requestsTo(dashboard, paths.sharedProjectList).every((request) => request.query.token === display.token)).toBe(true);
    expect(requestsTo(dashboard, paths.projectList)).toHaveLength(0);
    expect(getParamToken()).toBe(display.token);
    expect(currentPath(router)).toBe('/dashboard/leadership');
    // A display has no menu, header or collection sidebar, and nothing to share.
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Share on a display' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export' })).toBeInTheDocument();
  });

  it('shows the overall and test plan sections from the shared calls, each sent with the token', async () => {
    const { dashboard } = serve();
    renderApp(`/dashboard/leadership?dashboardId=${display.token}`);
    const overall = await screen.findByRole('region', { name: 'Overall Result' });
    expect(await within(overall).findByText('75%')).toBeInTheDocument();
    expect(within(overall).getByText('12')).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Test Plan' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(dashboard, paths.sharedTestPlanData).length).toBeGreaterThan(0));
    const shared = [paths.sharedExecutionResults, paths.sharedTestPlanData].flatMap((path) => requestsTo(dashboard, path));
    expect(shared.every((request) => request.query.token === display.token)).toBe(true);
    expect([paths.executionResults, paths.testPlanData].flatMap((path) => requestsTo(dashboard, path))).toHaveLength(0);
  });

  it('shows the unknown-link page for a token the server refuses, without sending anyone to sign in', async () => {
    serve();
    const { router } = renderApp('/dashboard/leadership?dashboardId=ldt_revoked-or-never-made');
    expect(await screen.findByRole('alert')).toHaveTextContent(DISPLAY_TOKEN_MESSAGES.unknown);
    expect(screen.queryByRole('button', { name: 'Export' })).toBeNull();
    // Given time to redirect, it stays.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(currentPath(router)).toBe('/dashboard/leadership');
  });

  it('turns into the unknown-link page at the next refresh once the link is revoked', async () => {
    const { dashboard } = serve();
    const { queryClient } = renderApp(`/dashboard/leadership?dashboardId=${display.token}`);
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    dashboard.state.displayTokens.delete(display.token);
    // The 10 s poll, brought forward.
    await queryClient.refetchQueries();
    expect(await screen.findByRole('alert')).toHaveTextContent(DISPLAY_TOKEN_MESSAGES.unknown);
  });
});

describe('leadership dashboard of a saved report, signed in (dashboard/leadership/{id})', () => {
  it('reads with the session and offers Share on a display to a dashboard manager', async () => {
    const { dashboard } = serve();
    signInAs(['DASHBOARD_MANAGEMENT']);
    const { user } = renderApp('/dashboard/leadership/r-lead');
    await user.click(await screen.findByRole('button', { name: 'Share on a display' }));
    expect(await screen.findByRole('dialog', { name: 'Share on a display' })).toHaveTextContent('Lobby screen');
    expect(requestsTo(dashboard, paths.projectList).length).toBeGreaterThan(0);
    expect(requestsTo(dashboard, paths.sharedProjectList)).toHaveLength(0);
  });

  it('gives a DASHBOARD_PUBLISHED viewer the view without Share', async () => {
    const { dashboard } = serve();
    signInAs(['DASHBOARD_PUBLISHED']);
    renderApp('/dashboard/leadership/r-lead');
    expect(await screen.findByRole('button', { name: 'Export' })).toBeInTheDocument();
    await waitFor(() => expect(requestsTo(dashboard, paths.projectList).length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Share on a display' })).toBeNull();
  });

  it("reads a saved report's id in the spec's link form (?dashboardId=<report id>) with the session too", async () => {
    const { dashboard } = serve();
    signInAs(['DASHBOARD_MANAGEMENT']);
    renderApp('/dashboard/leadership?dashboardId=r-lead');
    expect(await screen.findByRole('button', { name: 'Share on a display' })).toBeInTheDocument();
    expect(requestsTo(dashboard, paths.sharedProjectList)).toHaveLength(0);
  });
});
