import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { dashboardsBackend, makeReport, makeReportElement } from '../../tests/msw/dashboards';
import { anyOrigin } from '../../tests/msw/handlers';
import { server } from '../../tests/msw/server';
import { endpoints } from '../shared/endpoints';
import { currentPath, renderApp, signInAs } from '../../tests/support/render-app';

const reports = [
  makeReport({ id: 'r-weekly', title: 'Weekly', elements: [makeReportElement({ id: 'e-1', title: 'Runs by result' })] }),
  makeReport({ id: 'r-lead', title: 'Leadership Dashboard' }),
  makeReport({ id: 'r-custom', title: 'Custom Dashboard' }),
];

/** The side menu loads lazily (an empty nav stands in for it), so its items are awaited, not the nav. */
async function openMyDashboards(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: /^.?\s*Dashboard$/ }));
  const menu = screen.getByRole('navigation', { name: 'Main menu' });
  await user.click(within(menu).getByRole('button', { name: /My Dashboards/ }));
  return within(menu).getByRole('group', { name: 'My Dashboards' });
}

describe('My Dashboards and the report view routes', () => {
  it('fills the My Dashboards drawer with the saved reports, leaving out the leadership and custom dashboards', async () => {
    signInAs(['DASHBOARD_MANAGEMENT']);
    const backend = dashboardsBackend({ reports });
    server.use(...backend.handlers);
    const { router, user } = renderApp('/dashboards');
    await screen.findByRole('link', { name: 'Edit Weekly' });
    const drawer = await openMyDashboards(user);
    // The list page and the drawer share one request.
    expect(backend.state.listRequests).toBe(1);
    const links = await within(drawer).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Weekly']);

    await user.click(links[0] as HTMLElement);
    await waitFor(() => expect(currentPath(router)).toBe('/dashboards/r-weekly'));
    expect(await screen.findByRole('heading', { name: 'Weekly' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Runs by result' })).toBeInTheDocument();
  });

  it("shows 'You have no dashboards!' when nothing is saved", async () => {
    signInAs(['DASHBOARD_MANAGEMENT']);
    const backend = dashboardsBackend({ reports: reports.slice(1) });
    server.use(...backend.handlers);
    const { user } = renderApp('/');
    await waitFor(() => expect(backend.state.listRequests).toBe(1));
    const drawer = await openMyDashboards(user);
    expect(within(drawer).getByText('You have no dashboards!')).toBeInTheDocument();
  });

  it('says the drawer is loading, never that there are no dashboards, until the list arrives', async () => {
    signInAs(['DASHBOARD_MANAGEMENT']);
    const backend = dashboardsBackend({ reports });
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // Held until the drawer has been looked at; then the fake answers as usual.
    server.use(http.get(anyOrigin(endpoints.dashboards.list), () => answered), ...backend.handlers);
    const { user } = renderApp('/');
    const drawer = await openMyDashboards(user);
    expect(within(drawer).getByRole('status')).toHaveTextContent('Loading dashboards…');
    expect(within(drawer).queryByText('You have no dashboards!')).not.toBeInTheDocument();
    answer();
    expect(await within(drawer).findByRole('link', { name: 'Weekly' })).toBeInTheDocument();
    expect(within(drawer).queryByText('Loading dashboards…')).not.toBeInTheDocument();
  });

  it('leads from the published view back to the report list, and a manager to the report\'s edit screen', async () => {
    signInAs(['DASHBOARD_MANAGEMENT']);
    server.use(...dashboardsBackend({ reports }).handlers);
    const { router, user } = renderApp('/dashboards/r-weekly');
    expect(await screen.findByRole('heading', { name: 'Weekly' })).toBeInTheDocument();
    const way = screen.getByRole('navigation', { name: 'Dashboards' });
    await user.click(within(way).getByRole('link', { name: 'Edit this report' }));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboards-edit/r-weekly'));
    await router.navigate({ to: '/dashboards/$id', params: { id: 'r-weekly' } });
    await user.click(await within(await screen.findByRole('navigation', { name: 'Dashboards' })).findByRole('link', { name: /All dashboards/ }));
    await waitFor(() => expect(currentPath(router)).toBe('/dashboards'));
    expect(await screen.findByRole('link', { name: 'View Weekly' })).toBeInTheDocument();
  });

  it('opens a published report by a direct load, for a DASHBOARD_PUBLISHED viewer without the menu', async () => {
    signInAs(['DASHBOARD_PUBLISHED']);
    const backend = dashboardsBackend({ reports });
    server.use(...backend.handlers);
    renderApp('/dashboards/r-weekly');
    expect(await screen.findByRole('heading', { name: 'Weekly' })).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Runs by result' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /My Dashboards/ })).not.toBeInTheDocument();
    // The way back to the list, and no edit screen for a viewer who may not edit.
    const way = screen.getByRole('navigation', { name: 'Dashboards' });
    expect(within(way).getByRole('link', { name: /All dashboards/ })).toBeInTheDocument();
    expect(within(way).queryByRole('link', { name: 'Edit this report' })).not.toBeInTheDocument();
    // Only the view asks for the list: the drawer is not there to be fed.
    expect(backend.state.listRequests).toBe(1);
  });
});
