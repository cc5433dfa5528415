import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { anyOrigin } from '../../tests/msw/handlers';
import { server } from '../../tests/msw/server';
import { makeVariable, variablesBackend } from '../../tests/msw/variables';
import { currentPath, renderApp, serveConfig, signInAs } from '../../tests/support/render-app';

describe('the Manage Variables route', () => {
  it('sends the user home while the VariableManagement config is off', async () => {
    signInAs(['STUDIO']);
    const { router } = renderApp('/variables');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it("opens from the settings menu's Manage Variable when VariableManagement is on", async () => {
    serveConfig({ VariableManagement: { enabled: true } });
    signInAs(['STUDIO']);
    server.use(...variablesBackend({ variables: [makeVariable({ variableName: 'shopper' })] }).handlers);
    const { router, user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Settings' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Manage Variable' }));
    await waitFor(() => expect(currentPath(router)).toBe('/variables'));
    const table = await screen.findByRole('grid', { name: 'Variables' }, { timeout: 5_000 });
    expect(await within(table).findByRole('rowheader', { name: 'shopper' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Variables' })).toBeInTheDocument();
  });

  it('opens when an embedded page posts showVariableMangementPopup from its own origin', async () => {
    serveConfig({ VariableManagement: { enabled: true } });
    signInAs(['CONFIG_PARSER']);
    server.use(http.get(anyOrigin('/parserConfig'), () => HttpResponse.text('parser config')), ...variablesBackend().handlers);
    const { router } = renderApp('/parser-config-builder');
    const frame = await screen.findByTitle<HTMLIFrameElement>('Parser Config Builder');
    await waitFor(() => expect(frame).toHaveAttribute('aria-busy', 'false'));
    // happy-dom does not load iframe pages; the frame's window is a stand-in the message names as its source.
    const frameWindow = { postMessage: () => undefined };
    Object.defineProperty(frame, 'contentWindow', { value: frameWindow });
    const post = (origin: string) => window.dispatchEvent(new MessageEvent('message', { data: { type: 'showVariableMangementPopup' }, origin, source: frameWindow as unknown as Window }));
    post('http://elsewhere.test');
    expect(currentPath(router)).toBe('/parser-config-builder');
    post(new URL(frame.src).origin);
    await waitFor(() => expect(currentPath(router)).toBe('/variables'));
  });
});
