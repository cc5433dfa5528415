import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardsBackend, makeReport, makeReportElement, type DashboardsBackendOptions } from '../../tests/msw/dashboards';
import { server } from '../../tests/msw/server';
import { currentPath, renderApp, signInAs } from '../../tests/support/render-app';
import { MISSING_REPORT_TEXTS, OPERATIONS_TEXTS } from '../features/custom-dashboard/pages/OperationsDashboardPage';
import { DASHBOARD_HOME_TEXTS } from '../features/dashboards/pages/DashboardHomePage';
import { CUSTOM_DASHBOARD_TITLE, DASHBOARD_MESSAGES } from '../shared/contracts/dashboards';
import type { Permission } from '../shared/permissions';

const weekly = makeReport({ id: 'r-weekly', title: 'Weekly', elements: [makeReportElement({ id: 'e-1', title: 'Runs by result' })] });
const release = makeReport({ id: 'r-release', title: 'Release health' });
const custom = makeReport({ id: 'r-custom', title: CUSTOM_DASHBOARD_TITLE });

function openDashboardHome(options: DashboardsBackendOptions, features: readonly Permission[] = ['DASHBOARD_MANAGEMENT']) {
  signInAs(features);
  const backend = dashboardsBackend(options);
  server.use(...backend.handlers);
  return { backend, ...renderApp('/dashboard') };
}

describe('/dashboard', () => {
  it('opens the operations dashboard when the organization has one, in place of the home', async () => {
    const { router } = openDashboardHome({ reports: [weekly, custom] });
    // The page's own heading: the shell's header names the route too, as soon as it has drawn.
    expect(await within(await screen.findByRole('main')).findByRole('heading', { name: OPERATIONS_TEXTS.title })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard/operations');
    // Replaced, not pushed: Back does not bounce through /dashboard again.
    expect(router.history.length).toBe(1);
  });

  it("lists the saved reports otherwise, and offers a dashboard manager to set the operations dashboard up", async () => {
    const { router, user } = openDashboardHome({ reports: [weekly, release] });
    const list = await screen.findByRole('list', { name: 'Saved reports' });
    expect(within(list).getAllByRole('listitem').map((item) => within(item).getAllByRole('link')[0]?.textContent)).toEqual(['Weekly', 'Release health']);
    expect(within(list).getByRole('link', { name: 'View Weekly' })).toHaveAttribute('href', '/studio/dashboards/r-weekly');
    expect(screen.getByRole('link', { name: 'New report' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');

    expect(screen.getByText(DASHBOARD_HOME_TEXTS.noOperationsDashboard, { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: DASHBOARD_HOME_TEXTS.setUp }));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboard/operations'));
    expect(await screen.findByRole('button', { name: MISSING_REPORT_TEXTS.create })).toBeInTheDocument();
  });

  it('gives a DASHBOARD_PUBLISHED viewer the published views only, with nothing to set up', async () => {
    openDashboardHome({ reports: [weekly] }, ['DASHBOARD_PUBLISHED']);
    expect(await screen.findByRole('link', { name: 'View Weekly' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Weekly' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: DASHBOARD_HOME_TEXTS.setUp })).not.toBeInTheDocument();
  });

  it("says 'You have no dashboards!' when nothing is saved", async () => {
    openDashboardHome({ reports: [] });
    // The page's own note (the My Dashboards drawer may say the same).
    expect(await within(await screen.findByRole('main')).findByText(DASHBOARD_MESSAGES.noDashboards)).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: DASHBOARD_HOME_TEXTS.setUp })).toBeInTheDocument();
  });

  it('stays on the home with the error when the reports cannot be read', async () => {
    const { router } = openDashboardHome({ listFails: true });
    expect(await screen.findByRole('alert')).toHaveTextContent(DASHBOARD_MESSAGES.reportsFailed);
    expect(currentPath(router)).toBe('/dashboard');
    expect(screen.queryByRole('link', { name: DASHBOARD_HOME_TEXTS.setUp })).not.toBeInTheDocument();
  });
});
