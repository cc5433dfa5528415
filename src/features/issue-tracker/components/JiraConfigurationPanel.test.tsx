import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { jiraBackend } from '../../../../tests/msw/jira';
import { server } from '../../../../tests/msw/server';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { JIRA_MESSAGES, type JiraConfiguration } from '../../../shared/contracts/jira';
import { ToastRegion } from '../../../ui/Toast';
import { JiraConfigurationPanel } from './JiraConfigurationPanel';

function renderPanel(configuration: JiraConfiguration | null) {
  const backend = jiraBackend({ configuration });
  server.use(...backend.handlers);
  signInAs(['ORGANIZATIONS_MANAGEMENT']);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <JiraConfigurationPanel />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return backend;
}

beforeEach(() => clearAppOfflineDb());

describe('the Jira configuration of an organization', () => {
  it('needs a URL, an e-mail and, the first time, a token; saves them and says so', async () => {
    const user = userEvent.setup();
    const backend = renderPanel(null);
    const save = await screen.findByRole('button', { name: 'Save' });
    await user.type(screen.getByRole('textbox', { name: /Jira base URL/ }), 'https://jira.example.test');
    await user.type(screen.getByRole('textbox', { name: /User e-mail/ }), 'bot@example.test');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText(/API token/), 'secret-token');
    await user.click(screen.getByRole('radio', { name: 'REST API 2 (Server, Data Center)' }));
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText(JIRA_MESSAGES.configurationSaved)).toBeInTheDocument();
    expect(backend.state.tokens).toEqual(['secret-token']);
    expect(backend.state.configuration).toMatchObject({ baseUrl: 'https://jira.example.test', userEmail: 'bot@example.test', apiVersion: '2', hasToken: true });
    await waitFor(() => expect(screen.getByLabelText(/API token/)).toHaveValue(''));
  });

  it('keeps the stored token when the field stays empty, and shows whether Jira takes the credentials', async () => {
    const user = userEvent.setup();
    const backend = renderPanel({ baseUrl: 'https://jira.example.test', userEmail: 'bot@example.test', apiVersion: '3', hasToken: true, updatedAt: '2026-01-01T00:00:00.000Z' });
    expect(await screen.findByText('Connected to Jira as Mia Krystof.')).toBeInTheDocument();
    expect(screen.getByText('A token is stored; leave empty to keep it.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(JIRA_MESSAGES.configurationSaved)).toBeInTheDocument();
    expect(backend.state.tokens).toEqual([]);
  });
});
