import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardsBackend, makeReport } from '../../tests/msw/dashboards';
import { server } from '../../tests/msw/server';
import { currentPath, renderApp, signInAs } from '../../tests/support/render-app';
import { MESSAGES } from '../shared/constants';

function openEditor(path: string, reports = [makeReport({ title: 'Saved one' })]) {
  signInAs(['DASHBOARD_MANAGEMENT']);
  const backend = dashboardsBackend({ reports });
  server.use(...backend.handlers);
  return { backend, ...renderApp(path) };
}

const titleField = () => screen.findByRole('textbox', { name: 'Report title' });

describe('report editor routes', () => {
  it('opens a blank report on dashboards-edit and on dashboards-edit/BLANK', async () => {
    openEditor('/dashboards-edit');
    expect(await titleField()).toHaveValue('');
  });

  it('loads the report named by {type}', async () => {
    const report = makeReport({ title: 'Nightly' });
    openEditor(`/dashboards-edit/${report.id}`, [report]);
    await waitFor(async () => expect(await titleField()).toHaveValue('Nightly'));
  });

  it('asks before leaving with unsaved changes, and stays on Cancel', async () => {
    const { router, user } = openEditor('/dashboards-edit/BLANK');
    await user.type(await titleField(), 'Unsaved');
    void router.navigate({ to: '/dashboards' });
    const dialog = await screen.findByRole('alertdialog', { name: MESSAGES.confirmTitle });
    expect(dialog).toHaveTextContent(MESSAGES.unsavedData);
    expect(screen.getByRole('checkbox', { name: MESSAGES.doNotShowAgain })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(currentPath(router)).toBe('/dashboards-edit/BLANK');
    expect(await titleField()).toHaveValue('Unsaved');
  });

  it('leaves without asking when nothing changed', async () => {
    const { router } = openEditor('/dashboards-edit/BLANK');
    await titleField();
    await router.navigate({ to: '/dashboards' });
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/dashboards\/?$/));
    expect(screen.queryByRole('alertdialog', { name: MESSAGES.confirmTitle })).toBeNull();
  });

  it('moves to dashboards-edit/{id} after the first save, without asking, and keeps the report on screen', async () => {
    const { router, user, backend } = openEditor('/reportSaver/BLANK');
    await user.type(await titleField(), 'First save');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(backend.state.added).toHaveLength(1));
    const id = backend.state.reports.find((report) => report.title === 'First save')?.id ?? '';
    await waitFor(() => expect(currentPath(router)).toBe(`/dashboards-edit/${id}`));
    expect(screen.queryByRole('alertdialog', { name: MESSAGES.confirmTitle })).toBeNull();
    await waitFor(async () => expect(await titleField()).toHaveValue('First save'));
    // Saved: leaving asks nothing.
    await router.navigate({ to: '/dashboards' });
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/dashboards\/?$/));
    expect(screen.queryByRole('alertdialog', { name: MESSAGES.confirmTitle })).toBeNull();
  });

  it('gives new elements the size named by {layout}', async () => {
    const { user } = openEditor('/dashboards-edit/BLANK/0.5');
    await user.click(await screen.findByRole('button', { name: 'Add Table element' }));
    await user.type(await screen.findByRole('textbox', { name: 'Element title' }), 'Half');
    await user.click(screen.getByRole('button', { name: 'Save element' }));
    expect(await screen.findByRole('article', { name: 'Half (1)' })).toHaveAttribute('data-size', '0.5');
  });
});
