import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeDevice, resourcesBackend } from '../../tests/msw/resources-handlers';
import { server } from '../../tests/msw/server';
import { renderApp, serveConfig, signInAs } from '../../tests/support/render-app';

/** The whole app (config, guards, lazy route chunk, then the devices call) may take over findBy's 1 s under load. */

function serveResources() {
  server.use(...resourcesBackend({ devices: [makeDevice({ cmdDeviceType: 'MOBILE', deviceName: 'Pixel 8' })], filters: [{ id: 'f1', type: 'platform', name: 'Android' }] }).handlers);
}

describe('Configuration Management areas', () => {
  it('shows Resource Management with the Browser filter when the stored config enables browser resources', async () => {
    serveConfig({ BrowserResource: { enabled: true } });
    serveResources();
    signInAs(['ORGANIZATIONS_MANAGEMENT']);
    renderApp('/configuration-management');
    expect(await screen.findByRole('rowheader', { name: 'Pixel 8' })).toBeInTheDocument();
    const kinds = screen.getByRole('radiogroup', { name: 'Resource type' });
    expect(within(kinds).getByRole('radio', { name: 'Browser' })).toBeInTheDocument();
  });

  it('shows the same areas on the classic route, with the Image Filter Management tab', async () => {
    serveConfig({ ConfigurationManagement: { newUI: false } });
    serveResources();
    signInAs(['ORGANIZATIONS_MANAGEMENT']);
    const { user } = renderApp('/automation-configuration-management');
    expect(await screen.findByRole('rowheader', { name: 'Pixel 8' })).toBeInTheDocument();
    expect(within(screen.getByRole('radiogroup', { name: 'Resource type' })).queryByRole('radio', { name: 'Browser' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Image Filter Management' }));
    expect(await screen.findByRole('rowheader', { name: 'Android' })).toBeInTheDocument();
  });
});
