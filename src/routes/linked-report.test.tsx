import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { failureLabelsBackend, makeRunDetails, serveRunDetails, serveRunningTabData } from '../../tests/msw/runs-handlers';
import { server } from '../../tests/msw/server';
import { renderApp, signInAs } from '../../tests/support/render-app';
import { REPORT_LINK_PARAM } from '../shared/report-link';

describe("a notification mail's report link", () => {
  it('opens the run’s collection report over the page it lands on, and closes like any report', async () => {
    const details = makeRunDetails({ testSuiteName: 'Nightly' });
    server.use(serveRunningTabData({ running: [], lastExecuted: [] }).handler, serveRunDetails(details), ...failureLabelsBackend().handlers);
    signInAs(['STUDIO']);
    const { user } = renderApp(`/?${REPORT_LINK_PARAM}=${encodeURIComponent(details.statusId)}`);
    const report = await screen.findByRole('dialog', { name: 'Collection Report' });
    expect(await within(report).findByText('Nightly')).toBeInTheDocument();
    await user.click(within(report).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Collection Report' })).toBeNull();
  });

  it('opens nothing on an address without it', async () => {
    server.use(serveRunningTabData({ running: [], lastExecuted: [] }).handler);
    signInAs(['STUDIO']);
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Collection Report' })).toBeNull();
  });
});
