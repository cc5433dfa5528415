import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { switchableNetwork } from '../../../../tests/msw/network';
import { makeDevice, resourcesBackend, type ResourcesBackendOptions } from '../../../../tests/msw/resources-handlers';
import { server } from '../../../../tests/msw/server';
import { clearAppOfflineDb } from '../../../../tests/support/app-offline-db';
import { signInAs } from '../../../../tests/support/render-app';
import { createQueryClient } from '../../../lib/query-client';
import { PendingChangesIndicator } from '../../../offline/components/PendingChanges';
import { SAVED_OFFLINE_MESSAGE, SAVED_OFFLINE_TEXT } from '../../../offline/pending-texts';
import { POLL } from '../../../shared/constants';
import { ToastRegion } from '../../../ui/Toast';
import { toastQueue } from '../../../ui/toast-queue';
import { ResourceManagement } from './ResourceManagement';

function renderResources(options: ResourcesBackendOptions, browserEnabled = false, deviceControlUrl?: string) {
  toastQueue.clear();
  signInAs(['ORGANIZATIONS_MANAGEMENT']);
  const backend = resourcesBackend(options);
  server.use(...backend.handlers);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <PendingChangesIndicator />
      <ResourceManagement browserEnabled={browserEnabled} deviceControlUrl={deviceControlUrl} />
      <ToastRegion />
    </QueryClientProvider>,
  );
  return { backend, user: userEvent.setup() };
}

/** Multi-step user flows outlast the 5 s default when the whole unit project runs in parallel. */

async function findRow(name: string) {
  return (await screen.findByRole('rowheader', { name })).closest('[role="row"]') as HTMLElement;
}

describe('ResourceManagement', () => {
  beforeEach(() => clearAppOfflineDb());

  it('offers a Browser filter only when the browser-resource flag is on', async () => {
    const devices = [makeDevice({ cmdDeviceType: 'BROWSER', deviceName: 'Chromium 1' })];
    renderResources({ devices });
    const kinds = await screen.findByRole('radiogroup', { name: 'Resource type' });
    expect(within(kinds).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['MOBILE', 'DESKTOP']);
    expect(within(kinds).getByRole('radio', { name: 'Mobile' })).toBeChecked();
    expect(screen.queryByRole('rowheader', { name: 'Chromium 1' })).not.toBeInTheDocument();
  });

  it('starts on the first kind that has resources and lists browsers under Browser when the flag is on', async () => {
    const { user } = renderResources({ devices: [makeDevice({ cmdDeviceType: 'BROWSER', deviceName: 'Chromium 1' })] }, true);
    expect(await findRow('Chromium 1')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Browser' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Mobile' }));
    expect(screen.queryByRole('rowheader', { name: 'Chromium 1' })).not.toBeInTheDocument();
  });

  it('shows each status and the display name fallbacks, and refreshes statuses every 5 s', async () => {
    const devices = [
      makeDevice({ cmdDeviceType: 'MOBILE', deviceDisplayName: 'Pixel', pluggedIn: false }),
      makeDevice({ cmdDeviceType: 'MOBILE', deviceName: 'Galaxy', deviceInUse: true }),
      makeDevice({ cmdDeviceType: 'MOBILE', deviceName: '', pluggedIn: true }),
    ];
    const { backend } = renderResources({ devices });
    expect(within(await findRow('Pixel')).getByText('Offline')).toBeInTheDocument();
    expect(within(await findRow('Galaxy')).getByText('Busy')).toBeInTheDocument();
    expect(within(await findRow('Unknown')).getByText('Available')).toBeInTheDocument();
    expect(within(await findRow('Galaxy')).getByRole('button', { name: 'Release Galaxy' })).toBeInTheDocument();
    expect(within(await findRow('Pixel')).queryByRole('button', { name: /Release/ })).not.toBeInTheDocument();

    backend.state.devices = backend.state.devices.map((device) => (device.deviceDisplayName === 'Pixel' ? { ...device, pluggedIn: true } : device));
    await waitFor(() => expect(within(screen.getByRole('rowheader', { name: 'Pixel' }).closest('[role="row"]') as HTMLElement).getByText('Available')).toBeInTheDocument(), {
      // The next poll brings it: a safety net well above one period.
      timeout: POLL.deviceStatusMs * 4,
    });
  });

  it('saves a changed, valid name with the setName call of its kind and says so', async () => {
    const { backend, user } = renderResources({ devices: [makeDevice({ cmdDeviceType: 'MOBILE', deviceId: 'dev-a', deviceDisplayName: 'Old' })] });
    await user.dblClick(await screen.findByRole('rowheader', { name: 'Old' }));
    const editor = await screen.findByRole('textbox');
    await user.keyboard('{Enter}');
    expect(backend.calls.renames).toEqual([]);

    await user.dblClick(await screen.findByRole('rowheader', { name: 'Old' }));
    await user.clear(await screen.findByRole('textbox'));
    await user.keyboard('{Enter}');
    expect(screen.getByRole('textbox')).toBeInTheDocument();
    expect(backend.calls.renames).toEqual([]);

    await user.type(screen.getByRole('textbox'), 'New name{Enter}');
    await waitFor(() => expect(backend.calls.renames).toEqual([{ kind: 'MOBILE', deviceId: 'dev-a', deviceDisplayName: 'New name' }]));
    expect(await screen.findByText('Resource Saved')).toBeInTheDocument();
    const row = await findRow('New name');
    expect(row).toHaveClass('data-table__row--changed');
    expect(editor).not.toBeInTheDocument();
  });

  it('renames offline: keeps the new name, marked saved offline, and sends it once when the network returns', async () => {
    const { backend, user } = renderResources({ devices: [makeDevice({ cmdDeviceType: 'MOBILE', deviceId: 'dev-a', deviceDisplayName: 'Old' })] });
    await findRow('Old');
    const network = switchableNetwork();
    network.goOffline();

    for (const name of ['Offline once', 'Offline twice']) {
      await user.dblClick(await screen.findByRole('rowheader', { name: name === 'Offline once' ? 'Old' : 'Offline once' }));
      await user.clear(await screen.findByRole('textbox'));
      await user.type(screen.getByRole('textbox'), `${name}{Enter}`);
      expect(await findRow(name)).toBeInTheDocument();
    }
    expect(within(await findRow('Offline twice')).getByText(SAVED_OFFLINE_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '2 changes waiting' })).toBeInTheDocument();
    expect(screen.getAllByText(SAVED_OFFLINE_MESSAGE).length).toBeGreaterThan(0);
    expect(backend.calls.renames).toEqual([]);

    network.goOnline();
    await waitFor(() =>
      expect(backend.calls.renames).toEqual([
        { kind: 'MOBILE', deviceId: 'dev-a', deviceDisplayName: 'Offline once' },
        { kind: 'MOBILE', deviceId: 'dev-a', deviceDisplayName: 'Offline twice' },
      ]),
    );
    await waitFor(() => expect(screen.queryByText(SAVED_OFFLINE_TEXT)).not.toBeInTheDocument());
    expect(screen.queryByRole('status', { name: /changes? waiting/ })).not.toBeInTheDocument();
    expect(backend.state.devices.map((device) => device.deviceDisplayName)).toEqual(['Offline twice']);
  });

  it('releases a busy device after confirmation', async () => {
    const { backend, user } = renderResources({ devices: [makeDevice({ cmdDeviceType: 'DESKTOP', deviceId: 'mac-1', deviceName: 'Mac', deviceInUse: true })] });
    await user.click(await screen.findByRole('radio', { name: 'Desktop' }));
    await user.click(await screen.findByRole('button', { name: 'Release Mac' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Please confirm..');
    expect(dialog).toHaveTextContent('Are you sure you want to release this device?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(backend.calls.releases).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Release Mac' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Device successfully released')).toBeInTheDocument();
    expect(backend.calls.releases).toEqual([{ deviceId: 'mac-1', deviceType: 'DESKTOP' }]);
    await waitFor(() => expect(within(screen.getByRole('rowheader', { name: 'Mac' }).closest('[role="row"]') as HTMLElement).getByText('Available')).toBeInTheDocument());
  });

  it('reports a failed release', async () => {
    const { user } = renderResources({ devices: [makeDevice({ cmdDeviceType: 'MOBILE', deviceName: 'Galaxy', deviceInUse: true })], releaseFailure: 409 });
    await user.click(await screen.findByRole('button', { name: 'Release Galaxy' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Error while releasing the device, please try again')).toBeInTheDocument();
  });

  describe('phones (issue 28)', () => {
    const phones = [
      makeDevice({ cmdDeviceType: 'MOBILE', deviceType: 'ANDROID', deviceName: 'QA Pixel', deviceSerial: 'emulator-5554', deviceModel: 'Pixel 7', deviceOS: 'Android', deviceOSDisplay: 'Android 14' }),
      makeDevice({ cmdDeviceType: 'MOBILE', deviceType: 'IOS', deviceName: 'Test iPhone', deviceModel: 'iPhone 15', deviceOS: 'iOS', deviceOSDisplay: 'iOS 17.4', deviceInUse: true }),
      makeDevice({ cmdDeviceType: 'MOBILE', deviceType: 'ANDROID', deviceName: 'Galaxy bench', deviceSerial: 'R58M 12/AB', deviceModel: 'Galaxy S21', deviceOS: 'Android', deviceOSDisplay: 'Android 13', pluggedIn: false }),
      makeDevice({ cmdDeviceType: 'DESKTOP', deviceName: 'Mac' }),
    ];
    const cellTexts = (row: HTMLElement) => [...row.querySelectorAll('[role="rowheader"], [role="gridcell"]')].map((cell) => cell.textContent);

    it('lists each phone under Mobile with its platform, model, OS and status, and a busy one can be released', async () => {
      renderResources({ devices: phones });
      expect(screen.getByRole('radio', { name: 'Mobile' })).toBeChecked();
      expect(cellTexts(await findRow('QA Pixel')).slice(2, 6)).toEqual(['Pixel 7', 'Android 14', 'Android', 'Available']);
      expect(cellTexts(await findRow('Test iPhone')).slice(2, 6)).toEqual(['iPhone 15', 'iOS 17.4', 'iOS', 'Busy']);
      expect(cellTexts(await findRow('Galaxy bench')).slice(2, 6)).toEqual(['Galaxy S21', 'Android 13', 'Android', 'Offline']);
      expect(within(await findRow('Test iPhone')).getByRole('button', { name: 'Release Test iPhone' })).toBeInTheDocument();
      expect(screen.queryByRole('rowheader', { name: 'Mac' })).not.toBeInTheDocument();
      // Without device control in the config, no row links to it.
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
    });

    it("links each phone to its page in device control by its serial when it is configured, and no desktop resource", async () => {
      const { user } = renderResources({ devices: phones }, false, 'http://lab.example:7100/');
      const link = within(await findRow('QA Pixel')).getByRole('link', { name: 'Open QA Pixel in device control (new tab)' });
      expect(link).toHaveAttribute('href', 'http://lab.example:7100/#!/control/emulator-5554');
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(within(await findRow('Galaxy bench')).getByRole('link', { name: /device control/ })).toHaveAttribute('href', 'http://lab.example:7100/#!/control/R58M%2012%2FAB');

      await user.click(screen.getByRole('radio', { name: 'Desktop' }));
      expect(await findRow('Mac')).toBeInTheDocument();
      expect(screen.queryByRole('link', { name: /device control/ })).not.toBeInTheDocument();
    });
  });
});
