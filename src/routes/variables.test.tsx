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

  it("opens as a modal over the current screen from the settings menu's Manage Variable; Escape and Close close it, focus back on Settings", async () => {
    serveConfig({ VariableManagement: { enabled: true } });
    signInAs(['STUDIO']);
    server.use(...variablesBackend({ variables: [makeVariable({ variableName: 'shopper' })] }).handlers);
    const { router, user } = renderApp('/');
    const settings = await screen.findByRole('button', { name: 'Settings' });
    await user.click(settings);
    await user.click(await screen.findByRole('menuitem', { name: 'Manage Variable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Variables' });
    const table = await within(dialog).findByRole('grid', { name: 'Variables' });
    expect(await within(table).findByRole('rowheader', { name: 'shopper' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(settings).toHaveFocus();

    await user.keyboard('{Enter}');
    await user.click(await screen.findByRole('menuitem', { name: 'Manage Variable' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Manage Variables' })).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(settings).toHaveFocus();
  });

  it('stays a page at /variables for direct links', async () => {
    serveConfig({ VariableManagement: { enabled: true } });
    signInAs(['STUDIO']);
    server.use(...variablesBackend({ variables: [makeVariable({ variableName: 'shopper' })] }).handlers);
    renderApp('/variables');
    const table = await screen.findByRole('grid', { name: 'Variables' });
    expect(await within(table).findByRole('rowheader', { name: 'shopper' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Manage Variables' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the modal over an embedded page that posts showVariableMangementPopup from its own origin', async () => {
    serveConfig({ VariableManagement: { enabled: true } });
    signInAs(['CONFIG_PARSER']);
    server.use(http.get(anyOrigin('/parserConfig'), () => HttpResponse.text('parser config')), ...variablesBackend({ variables: [makeVariable({ variableName: 'shopper' })] }).handlers);
    const { router } = renderApp('/parser-config-builder');
    const frame = await screen.findByTitle<HTMLIFrameElement>('Parser Config Builder');
    await waitFor(() => expect(frame).toHaveAttribute('aria-busy', 'false'));
    // happy-dom does not load iframe pages; the frame's window is a stand-in the message names as its source.
    const frameWindow = { postMessage: () => undefined };
    Object.defineProperty(frame, 'contentWindow', { value: frameWindow });
    const post = (origin: string) => window.dispatchEvent(new MessageEvent('message', { data: { type: 'showVariableMangementPopup' }, origin, source: frameWindow as unknown as Window }));
    post('http://elsewhere.test');
    expect(currentPath(router)).toBe('/parser-config-builder');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    post(new URL(frame.src).origin);
    const dialog = await screen.findByRole('dialog', { name: 'Manage Variables' });
    expect(await within(dialog).findByRole('rowheader', { name: 'shopper' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/parser-config-builder');
  });
});
