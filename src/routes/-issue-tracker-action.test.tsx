import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jiraBackend } from '../../tests/msw/jira';
import { failureLabelsBackend, makeRunDetails, serveRunDetails } from '../../tests/msw/runs-handlers';
import { server } from '../../tests/msw/server';
import { clearAppOfflineDb } from '../../tests/support/app-offline-db';
import { makeDevice, resourcesBackend } from '../../tests/msw/resources-handlers';
import { renderApp, serveConfig, signInAs } from '../../tests/support/render-app';
import { CollectionReportModal } from '../features/reports/components/CollectionReportModal';
import { createQueryClient } from '../lib/query-client';
import { JIRA_MESSAGES } from '../shared/contracts/jira';
import { ToastRegion } from '../ui/Toast';
import { fileIssueAction } from './-issue-tracker-action';

beforeEach(() => clearAppOfflineDb());

describe('Create Issue from a failed step of the collection report', () => {
  it("offers Create Issue on the failed step only, and files it with that step's identity", async () => {
    const user = userEvent.setup();
    const details = makeRunDetails({ scenario: 'Checkout scenario' });
    const backend = jiraBackend();
    server.use(serveRunDetails(details), ...failureLabelsBackend([], [details]).handlers, ...backend.handlers);
    serveConfig({ JiraFeature: { enabled: true } });
    signInAs(['STUDIO']);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <CollectionReportModal statusId={details.statusId} onClose={() => undefined} failedStepAction={fileIssueAction} />
        <ToastRegion />
      </QueryClientProvider>,
    );

    const report = await screen.findByRole('dialog', { name: 'Collection Report' });
    expect(await within(report).findByText('Checkout scenario')).toBeInTheDocument();
    const create = await within(report).findAllByRole('button', { name: /^Create Issue for step/ });
    expect(create.map((button) => button.getAttribute('aria-label'))).toEqual(['Create Issue for step 2 of Pay by card']);

    await user.click(create[0]!);
    await screen.findByRole('button', { name: /Priority/ });
    const modal = screen.getByRole('dialog', { name: 'Create Issue' });
    expect(within(modal).getByRole('checkbox', { name: 'Attach the failure screenshots (1)' })).toBeChecked();
    await user.click(within(modal).getByRole('button', { name: /Project/ }));
    await user.click(await screen.findByRole('option', { name: 'Quality Assurance' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(JIRA_MESSAGES.savedWithId('QA-1'))).toBeInTheDocument();
    expect(backend.saved[0]?.form).toMatchObject({ testStatusId: details.statusId, testCaseName: 'Pay by card', testLoop: 1, testStepId: '2', description: 'Button #pay not found' });
  });
});

describe('the Jira Configuration tab of Configuration Management', () => {
  
  it('is there for an administrator while JiraFeature is on', async () => {
    serveConfig({ JiraFeature: { enabled: true } });
    server.use(...resourcesBackend({ devices: [makeDevice({ cmdDeviceType: 'MOBILE', deviceName: 'Pixel 8' })], filters: [] }).handlers, ...jiraBackend().handlers);
    signInAs(['ORGANIZATIONS_MANAGEMENT']);
    const { user } = renderApp('/configuration-management');
    await user.click(await screen.findByRole('tab', { name: 'Jira Configuration' }));
    expect(await screen.findByRole('textbox', { name: /Jira base URL/ })).toBeInTheDocument();
  });

  it('is not there while JiraFeature is off', async () => {
    serveConfig({ JiraFeature: { enabled: false } });
    server.use(...resourcesBackend({ devices: [makeDevice({ cmdDeviceType: 'MOBILE', deviceName: 'Pixel 8' })], filters: [] }).handlers);
    signInAs(['ORGANIZATIONS_MANAGEMENT']);
    renderApp('/configuration-management');
    expect(await screen.findByRole('tab', { name: 'Resource Management' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Jira Configuration' })).toBeNull();
  });
});
