import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dashboardsBackend, makeReport, makeReportElement, type DashboardsBackendOptions } from '../../../../tests/msw/dashboards';
import { server } from '../../../../tests/msw/server';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { presetDates, timeFrameRange } from '../../../lib/time-frame';
import { reportListQuery } from '../api/reports';
import { ReportViewPage } from './ReportViewPage';

const HOUR_MS = 3_600_000;

function renderView(id: string, options: DashboardsBackendOptions, queryClient = createQueryClient()) {
  const user = signInAs(['DASHBOARD_PUBLISHED'], { orgId: 'org-7' });
  const backend = dashboardsBackend(options);
  server.use(...backend.handlers);
  render(
    <QueryClientProvider client={queryClient}>
      <ReportViewPage id={id} />
    </QueryClientProvider>,
  );
  return { backend, user, events: userEvent.setup() };
}

const analytics = (collection: string, hoursAgo: number) => ({ time: Date.now() - hoursAgo * HOUR_MS, collection, result: 'PASSED', collectionId: collection, count: 1 });

const savedReport = makeReport({
  id: 'r-1',
  title: 'Release health',
  dateUpdated: '2026-02-03T10:00:00.000Z',
  settings: { timeFrame: { type: 'previous_7_days', name: 'Last 7 Days', fromDate: '2025-01-01', toDate: '2025-01-08' }, testPlans: [] },
  elements: [
    makeReportElement({ id: 'e-1', title: 'Runs', size: 0.5, dataBreakdown: 'analyticsData', dataBreakdownConfig: { config: {}, activeAttrs: ['collection', 'result'] } }),
    makeReportElement({ id: 'e-2', title: 'Results', size: 0.25, dataBreakdown: 'analyticsData', dataBreakdownConfig: { config: {}, activeAttrs: ['result'] } }),
    makeReportElement({ id: 'e-3', title: 'Steps', size: 1, dataBreakdown: 'capturedData', dataBreakdownConfig: { config: {}, activeAttrs: ['step'] } }),
  ],
});

describe('ReportViewPage', () => {
  it('shows the title, date and elements by size, over one dataset request per breakdown for the frame as of today', async () => {
    const { backend } = renderView('r-1', {
      reports: [savedReport],
      analyticsRows: [analytics('Checkout', 30), analytics('Login', 50), analytics('Old', 24 * 40)],
      capturedRows: [{ time: Date.now() - HOUR_MS, step: 'Open the basket', collectionId: 'Checkout' }],
    });
    expect(await screen.findByRole('heading', { name: 'Release health' })).toBeInTheDocument();
    expect(screen.getByText('2026-02-03')).toBeInTheDocument();
    const runs = await screen.findByRole('article', { name: 'Runs' });
    expect(await within(runs).findByText('Checkout')).toBeInTheDocument();
    expect(within(runs).getByText('Login')).toBeInTheDocument();
    expect(within(runs).queryByText('Old')).not.toBeInTheDocument();
    expect(await within(screen.getByRole('article', { name: 'Steps' })).findByText('Open the basket')).toBeInTheDocument();

    const spans = within(screen.getByRole('list', { name: 'Report elements' }))
      .getAllByRole('listitem')
      .map((item) => item.className.match(/span-(\d)/)?.[1]);
    expect(spans).toEqual(['2', '1', '4']);

    // The saved preset is worked out again from today; both analytics elements share one request.
    const range = timeFrameRange({ type: 'previous_7_days', name: 'Last 7 Days', ...presetDates('previous_7_days') });
    expect(backend.state.datasetRequests).toHaveLength(2);
    expect(backend.state.datasetRequests).toEqual(
      expect.arrayContaining([
        { breakdown: 'analyticsData', orgId: 'org-7', collectionIds: [], ...range },
        { breakdown: 'capturedData', orgId: 'org-7', collectionIds: [], ...range },
      ]),
    );
  });

  it('reads another frame for viewing without saving the report', async () => {
    const { backend, events } = renderView('r-1', { reports: [savedReport], analyticsRows: [analytics('Checkout', 30), analytics('Old', 24 * 20)] });
    const runs = await screen.findByRole('article', { name: 'Runs' });
    await within(runs).findByText('Checkout');
    expect(within(runs).queryByText('Old')).not.toBeInTheDocument();

    await events.click(screen.getByRole('button', { name: /Time frame/ }));
    await events.click(await screen.findByRole('option', { name: 'Last 30 Days' }));
    expect(await within(screen.getByRole('article', { name: 'Runs' })).findByText('Old')).toBeInTheDocument();
    const range = timeFrameRange({ type: 'previous_30_days', name: 'Last 30 Days', ...presetDates('previous_30_days') });
    expect(backend.state.datasetRequests).toContainEqual({ breakdown: 'analyticsData', orgId: 'org-7', collectionIds: [], ...range });
    expect(backend.state.updated).toEqual([]);
    expect(backend.state.added).toEqual([]);
  });

  it('reads nothing while a custom frame has one bound, saying it runs from report start til report end', async () => {
    const oneBound = { ...savedReport, id: 'r-2', settings: { timeFrame: { type: 'custom' as const, name: 'Custom', fromDate: '2026-01-01', toDate: null }, testPlans: ['Checkout'] } };
    const { backend } = renderView('r-2', { reports: [oneBound], analyticsRows: [analytics('Checkout', 30)] });
    const runs = await screen.findByRole('article', { name: 'Runs' });
    expect(within(runs).getByText('Pick both a from and a to date to see the data.')).toBeInTheDocument();
    expect(screen.getByText('From report start til report end')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: / From$/ })).toHaveTextContent('2026/01/01');
    expect(backend.state.datasetRequests).toEqual([]);
  });

  it('shows a report that a cached list from before its save lacks, as Publish\'s new window meets it', async () => {
    const queryClient = createQueryClient();
    queryClient.setQueryData(reportListQuery().queryKey, []);
    renderView('r-1', { reports: [savedReport], analyticsRows: [analytics('Checkout', 30)] }, queryClient);
    expect(await screen.findByRole('heading', { name: 'Release health' })).toBeInTheDocument();
  });

  it("says 'Report not found' for an id the list does not hold", async () => {
    renderView('r-missing', { reports: [savedReport] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Report not found');
  });
});
