import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
