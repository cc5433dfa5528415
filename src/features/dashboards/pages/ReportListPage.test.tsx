import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardsBackend, makeReport, makeReportElement, type DashboardsBackendOptions } from '../../../../tests/msw/dashboards';
import { server } from '../../../../tests/msw/server';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import type { Permission } from '../../../shared/permissions';
import { ReportListPage } from './ReportListPage';

function renderList(options: DashboardsBackendOptions, features: readonly Permission[] = ['DASHBOARD_MANAGEMENT']) {
  signInAs(features);
  const backend = dashboardsBackend(options);
  server.use(...backend.handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ReportListPage />
    </QueryClientProvider>,
  );
  return backend;
}

const reportList = () => screen.findByRole('list', { name: 'Saved reports' });

describe('ReportListPage', () => {
  it('links each saved report to its edit screen and its view, newest update first', async () => {
    renderList({
      reports: [
        makeReport({ id: 'r-old', title: 'Release health', dateUpdated: '2026-01-02T10:00:00.000Z', elements: [makeReportElement()] }),
        makeReport({ id: 'r-new', title: 'Nightly runs', dateUpdated: '2026-02-03T10:00:00.000Z' }),
      ],
    });
    const items = within(await reportList()).getAllByRole('listitem');
    expect(items.map((item) => within(item).getAllByRole('link')[0]?.textContent)).toEqual(['Nightly runs', 'Release health']);
    expect(screen.getByRole('link', { name: 'Edit Release health' })).toHaveAttribute('href', '/dashboards-edit/r-old');
    expect(screen.getByRole('link', { name: 'View Release health' })).toHaveAttribute('href', '/dashboards/r-old');
    expect(within(items[1] as HTMLElement).getByText(/Last 7 Days · 1 element · updated/)).toBeInTheDocument();
    expect(within(items[0] as HTMLElement).getByText('2026-02-03')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New report' })).toHaveAttribute('href', '/dashboards-edit/BLANK');
  });

  it("says 'Failed to get reports' when the list fails", async () => {
    renderList({ listFails: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to get reports');
    expect(screen.queryByRole('list', { name: 'Saved reports' })).not.toBeInTheDocument();
  });

  it('gives a DASHBOARD_PUBLISHED viewer the views only, without New report', async () => {
    renderList({ reports: [makeReport({ id: 'r-1', title: 'Shared board' })] }, ['DASHBOARD_PUBLISHED']);
    await reportList();
    expect(screen.getByRole('link', { name: 'View Shared board' })).toHaveAttribute('href', '/dashboards/r-1');
    expect(screen.queryByRole('link', { name: 'Edit Shared board' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'New report' })).not.toBeInTheDocument();
  });

  it('says so when there is no saved report', async () => {
    renderList({});
    expect(await screen.findByRole('status')).toHaveTextContent('You have no dashboards!');
  });
});
