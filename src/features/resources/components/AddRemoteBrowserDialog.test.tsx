import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { anyOrigin, errorResponse } from '../../../../tests/msw/handlers';
import { makeDevice, resourcesBackend } from '../../../../tests/msw/resources-handlers';
import { server } from '../../../../tests/msw/server';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import type { Device } from '../../../shared/contracts/devices';
import { addRemoteBrowserSchema, REMOTE_BROWSER_MESSAGES, remoteBrowserAddedSchema, type AddRemoteBrowser } from '../../../shared/contracts/remote-browsers';
import { endpoints } from '../../../shared/endpoints';
import { COPY_REFUSED_MESSAGE } from '../../../ui/CopyableText';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { REMOTE_BROWSER_TOKEN_NOTICE } from './AddRemoteBrowserDialog';
import { ResourceManagement } from './ResourceManagement';

/** Multi-step user flows outlast the 5 s default when the whole unit project runs in parallel. */

type AddRemoteAnswer = (body: AddRemoteBrowser) => Response | undefined;

/**
 * Resource Management on the Browser kind, with a fake addRemote endpoint that lists the new browser (Offline, as it has
 * not registered) and hands out token-1, token-2… unless `answer` answers otherwise.
 */
function renderResources(answer: AddRemoteAnswer = () => undefined) {
  toastQueue.clear();
  signInAs(['ORGANIZATIONS_MANAGEMENT']);
  const backend = resourcesBackend({ devices: [makeDevice({ cmdDeviceType: 'BROWSER', deviceName: 'Local Chromium' })] });
  const addRequests: unknown[] = [];
  server.use(
    ...backend.handlers,
    http.post(anyOrigin(endpoints.devices.addRemoteBrowser), async ({ request }) => {
      const body: unknown = await request.json();
      addRequests.push(body);
      const browser = addRemoteBrowserSchema.parse(body);
      const refusal = answer(browser);
      if (refusal) return refusal;
      const device: Device = makeDevice({ cmdDeviceType: 'BROWSER', deviceDisplayName: browser.name, pluggedIn: false });
      backend.state.devices.push(device);
      return HttpResponse.json(
        remoteBrowserAddedSchema.parse({
          success: true,
          message: REMOTE_BROWSER_MESSAGES.added(browser.name),
          data: { deviceId: device.deviceId, name: browser.name, token: `token-${addRequests.length}` },
        }),
      );
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ResourceManagement browserEnabled />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { backend, addRequests, user: userEvent.setup() };
}

async function openAddDialog(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Add remote browser' }));
  return screen.findByRole('dialog', { name: 'Add remote browser' });
}

/** Presses Tab until `target` has the focus, failing rather than looping when it is not in the tab order. */
async function tabTo(user: ReturnType<typeof userEvent.setup>, target: HTMLElement, maxPresses = 20) {
  for (let presses = 0; document.activeElement !== target; presses++) {
    if (presses === maxPresses) throw new Error(`${target.outerHTML.slice(0, 80)} is not reached with Tab`);
    await user.tab();
  }
}

describe('AddRemoteBrowserDialog', () => {
  beforeEach(() => clearAppOfflineDb());

  it('is offered under Browser only', async () => {
    const { user } = renderResources();
    expect(await screen.findByRole('button', { name: 'Add remote browser' })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Mobile' }));
    expect(screen.queryByRole('button', { name: 'Add remote browser' })).not.toBeInTheDocument();
  });

  it('adds a remote browser, shows its token and start command once, and lists it as Offline after Done', async () => {
    const { addRequests, user } = renderResources();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), "  QA's Chrome ");
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    const added = await screen.findByRole('dialog', { name: "Remote browser QA's Chrome added" });
    expect(addRequests).toEqual([{ name: "QA's Chrome" }]);
    expect(added).toHaveTextContent(REMOTE_BROWSER_TOKEN_NOTICE);
    expect(within(added).getByLabelText('Token').textContent).toBe('token-1');
    expect(within(added).getByLabelText('Command').textContent).toBe(
      "npm run resource -- --platform 'http://localhost' --token 'token-1' --name 'QA'\\''s Chrome'",
    );

    await user.click(within(added).getByRole('button', { name: 'Copy token' }));
    expect(await navigator.clipboard.readText()).toBe('token-1');
    expect(within(added).getByRole('button', { name: 'Token copied' })).toBeInTheDocument();
    await user.click(within(added).getByRole('button', { name: 'Copy command' }));
    expect(await navigator.clipboard.readText()).toBe(within(added).getByLabelText('Command').textContent);
    expect(within(added).getByRole('button', { name: 'Command copied' })).toBeInTheDocument();

    // Escape does not throw the token away: only Done closes.
    await user.keyboard('{Escape}');
    expect(added).toBeInTheDocument();
    await user.click(within(added).getByRole('button', { name: 'Done' }));
    expect(added).not.toBeInTheDocument();
    // Well within the 5 s status poll: Done refreshed the list itself.
    const row = (await screen.findByRole('rowheader', { name: "QA's Chrome" })).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Offline')).toBeInTheDocument();

    const reopened = await openAddDialog(user);
    expect(within(reopened).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    expect(screen.queryByText('token-1')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Token')).not.toBeInTheDocument();
  });

  it('requires a name of at most 100 characters and sends nothing until it has one', async () => {
    const { addRequests, user } = renderResources();
    const dialog = await openAddDialog(user);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(within(dialog).queryByText('Required')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');

    await user.type(name, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Required')).toBeInTheDocument();

    await user.clear(name);
    await user.click(name);
    await user.paste('x'.repeat(101));
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(within(dialog).getByText('Maxlength')).toBeInTheDocument();
    expect(addRequests).toEqual([]);

    await user.type(name, '{Backspace}');
    expect(within(dialog).queryByText('Maxlength')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('dialog', { name: `Remote browser ${'x'.repeat(100)} added` })).toBeInTheDocument();
    expect(addRequests).toEqual([{ name: 'x'.repeat(100) }]);
  });

  it("shows the server's field error and message on a 400, keeping the dialog and the name", async () => {
    // As the server's validation answers (http/validation.ts): the message names the field, fieldErrors its keys.
    const { addRequests, user } = renderResources(() => errorResponse(400, 'name: required', { name: ['required'] }));
    const dialog = await openAddDialog(user);
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.type(name, 'Local Chromium');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('name: required')).toBeInTheDocument();
    expect(within(dialog).getByText('Required')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(name).toHaveValue('Local Chromium');
    expect(screen.queryByLabelText('Token')).not.toBeInTheDocument();
    expect(addRequests).toHaveLength(1);

    await user.type(name, ' 2');
    expect(within(dialog).queryByText('Required')).not.toBeInTheDocument();
  });

  it("shows the server's message on a 403, keeping the dialog and the name", async () => {
    const { backend, user } = renderResources(() => errorResponse(403, 'Only an administrator can add resources.'));
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lab Chrome');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));

    expect(await screen.findByText('Only an administrator can add resources.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Name' })).toHaveValue('Lab Chrome');
    expect(within(dialog).getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(backend.state.devices.map((device) => device.deviceName)).toEqual(['Local Chromium']);
  });

  it('can be filled, submitted, copied from and closed with the keyboard only', async () => {
    const { addRequests, user } = renderResources();
    await tabTo(user, await screen.findByRole('button', { name: 'Add remote browser' }));
    await user.keyboard('{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Add remote browser' });
    // A browser starts in the Name field (autoFocus); happy-dom leaves focus on the dialog (react-aria's focus-within
    // check fails there), so a Tab may be needed to reach it.
    await tabTo(user, within(dialog).getByRole('textbox', { name: 'Name' }));
    await user.keyboard('Lab Chrome{Enter}');

    const added = await screen.findByRole('dialog', { name: 'Remote browser Lab Chrome added' });
    expect(addRequests).toEqual([{ name: 'Lab Chrome' }]);
    expect(within(added).getByRole('button', { name: 'Copy token' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await navigator.clipboard.readText()).toBe('token-1');
    await user.tab();
    expect(within(added).getByRole('button', { name: 'Copy command' })).toHaveFocus();
    await user.tab();
    expect(within(added).getByRole('button', { name: 'Done' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('selects the token for a manual copy when the browser refuses the clipboard', async () => {
    const { user } = renderResources();
    const dialog = await openAddDialog(user);
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Lab Chrome{Enter}');
    const added = await screen.findByRole('dialog', { name: 'Remote browser Lab Chrome added' });

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(within(added).getByRole('button', { name: 'Copy token' }));
    expect(await within(added).findByText(COPY_REFUSED_MESSAGE)).toBeInTheDocument();
    expect(within(added).getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    expect(window.getSelection()?.toString()).toBe('token-1');
  });
});
