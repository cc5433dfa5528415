import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clientsFake, clientsHandlers } from '../../../../tests/msw/clients';
import { server } from '../../../../tests/msw/server';
import { renderApp, serveConfig, signInAs } from '../../../../tests/support/render-app';
import { STF_TEXT } from '../components/StfSetupGuide';

beforeEach(() => {
  clientsFake.reset();
  server.use(...clientsHandlers);
  signInAs([]);
});

describe('DeviceControlPage', () => {
  it('explains STF and how to run it on the configured port when nothing answers there, and embeds it after Retry finds it', async () => {
    serveConfig({ deviceControlPort: 7200 });
    const { user } = renderApp('/device-control');
    expect(await screen.findByRole('heading', { name: STF_TEXT.heading })).toBeInTheDocument();
    expect(screen.getByText(/DeviceFarmer STF/)).toBeInTheDocument();
    expect(screen.getByText(/docker run -d --name stf/)).toHaveTextContent('--port 7200');
    expect(screen.getByText(/npm install -g @devicefarmer\/stf/)).toBeInTheDocument();
    expect(screen.queryByTitle('Device Control')).toBeNull();
    expect(clientsFake.probedPorts).toEqual([7200]);

    clientsFake.deviceControlReachable = true;
    await user.click(screen.getByRole('button', { name: STF_TEXT.retry }));
    const frame = await screen.findByTitle('Device Control');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('src')).toBe(`${window.location.protocol}//${window.location.hostname}:7200/`);
    expect(clientsFake.probedPorts).toEqual([7200, 7200]);
  });
});
