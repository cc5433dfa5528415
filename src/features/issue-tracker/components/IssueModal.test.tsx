import { QueryClientProvider } from '@tanstack/react-query';
import { getDefaultNormalizer, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jiraBackend } from '../../../../tests/msw/jira';
import { server } from '../../../../tests/msw/server';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { serveConfig, signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { JIRA_MESSAGES } from '../../../shared/contracts/jira';
import type { StudioConfig } from '../../../shared/config';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import type { FailedStepRef } from '../issue-form';
import { FileIssueButton } from './FileIssueButton';
import { chooseOption, selectTrigger } from '../../../../tests/support/select';

const STEP: FailedStepRef = {
  statusId: 'run-7',
  collectionId: 'collection-1',
  testSuiteName: 'Nightly collection',
  testCaseName: 'Checkout',
  loop: 2,
  stepId: '4',
  stepName: 'Pay',
  notes: 'Expected "Paid" but found "Declined"',
  screenshots: 1,
};

function renderButton(config: StudioConfig = { JiraFeature: { enabled: true } }, backend = jiraBackend()) {
  server.use(...backend.handlers);
  serveConfig(config);
  signInAs(['STUDIO']);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FileIssueButton step={STEP} />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return backend;
}

async function openModal(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Create Issue for step 4 of Checkout' }));
  // The form replaces the loading dialog once genericAll answered.
  await screen.findByRole('button', { name: /Priority/ });
  return screen.getByRole('dialog', { name: 'Create Issue' });
}

async function choose(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, field: RegExp, option: string) {
  await chooseOption(user, selectTrigger(field, dialog), option);
}

beforeEach(() => clearAppOfflineDb());
afterEach(() => {
  for (const shown of toastQueue.visibleToasts) toastQueue.close(shown.key);
});

describe('the Jira issue modal of a failed step', () => {
  it('is offered only while JiraFeature is on', async () => {
    renderButton({ JiraFeature: { enabled: false } });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Create Issue/ })).toBeNull());
    expect(document.body.textContent).not.toContain('Create Issue');
  });

  it('opens with the defaults: priority Minor, environment Production, Discovered while testing, Unresolved, screenshots attached', async () => {
    const user = userEvent.setup();
    renderButton();
    const dialog = await openModal(user);
    expect(await within(dialog).findByRole('button', { name: /Priority/ })).toHaveTextContent('Minor');
    expect(within(dialog).getByRole('button', { name: /Resolution/ })).toHaveTextContent('Unresolved');
    expect(within(dialog).getByRole('textbox', { name: 'Environment' })).toHaveValue('Production');
    expect(within(dialog).getByRole('textbox', { name: 'Linked Issues' })).toHaveValue('Discovered while testing');
    expect(within(dialog).getByRole('textbox', { name: /Summary/ })).toHaveValue('Nightly collection: Checkout failed at step 4 Pay');
    expect(within(dialog).getByRole('textbox', { name: 'Description' })).toHaveValue(STEP.notes);
    expect(within(dialog).getByRole('checkbox', { name: 'Attach the failure screenshots (1)' })).toBeChecked();
    // Language defaults to English when Jira offers that issueMap field.
    expect(within(dialog).getByRole('button', { name: /Language/ })).toHaveTextContent('English');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('offers only Bug issue types, enables Save once Project, Issue Type and Priority are set, and refuses a summary over 255', async () => {
    const user = userEvent.setup();
    renderButton();
    const dialog = await openModal(user);
    await choose(user, dialog, /Project/, 'Quality Assurance');
    // The one Bug type of the project is chosen for the user; Task is never offered.
    expect(within(dialog).getByRole('button', { name: /Issue Type/ })).toHaveTextContent('Bug');
    await user.click(within(dialog).getByRole('button', { name: /Issue Type/ }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Bug']);
    await user.keyboard('{Escape}');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled();

    const summary = within(dialog).getByRole('textbox', { name: /Summary/ });
    await user.clear(summary);
    await user.click(summary);
    await user.paste('x'.repeat(256));
    expect(await within(dialog).findByText('Summary is at most 255 characters')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it("saves the form with the step's identity and the issueMap pairs, and shows 'Issue saved. Jira Id: …'", async () => {
    const user = userEvent.setup();
    const backend = renderButton();
    const dialog = await openModal(user);
    await choose(user, dialog, /Project/, 'Quality Assurance');
    await choose(user, dialog, /Assignee/, 'Emma Richards');
    await choose(user, dialog, /Product/, 'Studio');
    await user.type(within(dialog).getByRole('textbox', { name: /Labels/ }), 'checkout');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(JIRA_MESSAGES.savedWithId('QA-1'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create Issue' })).toBeNull());
    const [saved] = backend.saved;
    expect(saved?.form).toMatchObject({
      testStatusId: 'run-7',
      testSuiteId: 'collection-1',
      testCaseName: 'Checkout',
      testLoop: 2,
      testStepId: '4',
      projectKey: 'QA',
      issue_type: '10004',
      priority_type: 'Minor',
      environment: 'Production',
      linked_issues: 'Discovered while testing',
      resolution: 'Unresolved',
      assignee_name: 'acc-emma',
      labels: 'checkout',
      attach_images: 'true',
    });
    expect(saved?.raw.getAll('issueMap').map((entry) => JSON.parse(entry) as unknown)).toEqual([
      { id: 'customfield_10102', value: 'English' },
      { id: 'customfield_10100', value: 'Studio' },
    ]);
  });

  it("shows 'Error saving issue!  : {message}' with the server's message and keeps the form open", async () => {
    const user = userEvent.setup();
    renderButton(undefined, jiraBackend({ saveError: { status: 502, message: 'Jira at jira.example:8443 did not answer within 8 s.' } }));
    const dialog = await openModal(user);
    await choose(user, dialog, /Project/, 'Quality Assurance');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The spec's message has two spaces before the colon: keep them when matching.
    const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(await screen.findByText('Error saving issue!  : Jira at jira.example:8443 did not answer within 8 s.', exact)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create Issue' })).toBeInTheDocument();
  });

  it('shows the report fields only for the special customer', async () => {
    const user = userEvent.setup();
    renderButton({ JiraFeature: { enabled: true, specialCustomer: true } });
    const dialog = await openModal(user);
    expect(await within(dialog).findByRole('textbox', { name: 'Platform' })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Team Owner' })).toHaveValue('Business');
  });
});
