import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { gatewayAgentsBackend, makeGatewayAgent } from '../../../../tests/msw/gateway-agents';
import { makeDevice, resourcesBackend } from '../../../../tests/msw/resources-handlers';
import { server } from '../../../../tests/msw/server';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { GATEWAY_AGENT_MESSAGES } from '../../../shared/contracts/gateway-agents';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { GATEWAY_AGENT_TOKEN_NOTICE } from './GatewayAgentsPanel';
import { ResourceManagement } from './ResourceManagement';


function renderResources() {
  toastQueue.clear();
  signInAs(['ORGANIZATIONS_MANAGEMENT']);
  const devices = resourcesBackend({ devices: [makeDevice({ cmdDeviceType: 'DESKTOP', deviceId: 'gateway-agent-1', deviceDisplayName: 'Laptop' })] });
  const agents = gatewayAgentsBackend([makeGatewayAgent({ name: 'Laptop', deviceId: 'gateway-agent-1', os: 'Linux', browsers: ['Chromium'], online: true })]);
  server.use(...devices.handlers, ...agents.handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ResourceManagement browserEnabled />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { agents, user: userEvent.setup() };
}

describe('GatewayAgentsPanel', () => {
  beforeEach(() => clearAppOfflineDb());

  it('lists the agents under Desktop only, with their machine and status', async () => {
    const { user } = renderResources();
    const table = await screen.findByRole('grid', { name: 'Gateway agents' });
    const row = (await within(table).findByRole('rowheader', { name: 'Laptop' })).closest('[role="row"]') as HTMLElement;
    expect(row).toHaveTextContent('gateway-agent-1');
    expect(row).toHaveTextContent('Linux');
    expect(row).toHaveTextContent('Chromium');
    expect(within(row).getByText('Online')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Browser' }));
    expect(screen.queryByRole('heading', { name: 'Gateway agents' })).not.toBeInTheDocument();
  });

  it('creates an agent by keyboard, shows its token and command once, and revokes one after confirmation', async () => {
    const { agents, user } = renderResources();
    const create = await screen.findByRole('button', { name: 'Create gateway agent' });
    create.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Create gateway agent' });
    // An empty name is refused before any request.
    await user.keyboard('{Enter}');
    expect(agents.state.created).toBe(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Agent name' }), 'QA desk{Enter}');

    const created = await screen.findByRole('dialog', { name: 'Gateway agent QA desk created' });
    expect(created).toHaveTextContent(GATEWAY_AGENT_TOKEN_NOTICE);
    expect(within(created).getByLabelText('Agent token').textContent).toBe('ga_1');
    expect(within(created).getByLabelText('Command').textContent).toBe("npm run agent -- --platform 'http://localhost' --token 'ga_1'");
    await user.keyboard('{Escape}');
    expect(created).toBeInTheDocument();
    await user.click(within(created).getByRole('button', { name: 'Done' }));
    const table = screen.getByRole('grid', { name: 'Gateway agents' });
    const row = (await within(table).findByRole('rowheader', { name: 'QA desk' })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Waiting for its agent')).toBeInTheDocument();
    expect(screen.queryByText('ga_1')).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Revoke QA desk' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Revoke QA desk? Its agent stops and a run on it is aborted.');
    await user.click(within(confirm).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText(GATEWAY_AGENT_MESSAGES.revoked('QA desk'))).toBeInTheDocument();
    expect(await within(row).findByText('Revoked')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Revoke QA desk' })).not.toBeInTheDocument();
  });
});
