import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { collectionProgress } from '../features/shell/collection-progress-store';
import { collectionSidebar } from '../features/shell/collection-sidebar-store';
import { clearSession, getParamToken, STORAGE_KEYS } from '../lib/session';
import { CUSTOM_DASHBOARD_ID_KEY, MESSAGES } from '../shared/constants';
import { anyOrigin } from '../../tests/msw/handlers';
import { server } from '../../tests/msw/server';
import { currentPath, renderApp, serveConfig, signInAs } from '../../tests/support/render-app';

describe('route guards in the router', () => {
  it('sends an anonymous visitor to /login with the wanted address as nextUrl', async () => {
    const { router } = renderApp('/control-room');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    expect(router.state.location.search).toEqual({ nextUrl: '/control-room' });
  });

  it('sends a user without the permission home', async () => {
    signInAs(['STUDIO']);
    const { router } = renderApp('/operations-center');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
  });

  it('blocks the new schedule route when Schedule.newSchedule is false', async () => {
    serveConfig({ Schedule: { newSchedule: false } });
    signInAs(['CONTROL_ROOM']);
    const { router } = renderApp('/control-room');
    await waitFor(() => expect(currentPath(router)).toBe('/automation-control-panel'));
    // The page's chunk (its contracts included) loads on first use.
    expect(await screen.findByRole('tab', { name: 'Autonomous Bot' })).toBeInTheDocument();
  });

  it('lets a permitted user in and shows the title in the header and the document', async () => {
    signInAs(['OPERATIONS_CENTER']);
    renderApp('/operations-center');
    expect(await screen.findByRole('heading', { level: 1, name: 'OPERATIONS CENTRE' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Execution Details' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('OPERATIONS CENTRE | Studio'));
  });

  it('shows the health page only with HealthStatus.enabled', async () => {
    signInAs(['CONTROL_ROOM']);
    const { router } = renderApp('/health-status');
    await waitFor(() => expect(currentPath(router)).toBe('/control-room'));
  });

  it('sends unknown paths to the default route', async () => {
    signInAs(['STUDIO']);
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(currentPath(router)).toBe('/'));
    expect(await screen.findByText(MESSAGES.welcome)).toBeInTheDocument();
  });

  it('lets DASHBOARD_PUBLISHED view dashboards but not edit them', async () => {
    signInAs(['DASHBOARD_PUBLISHED']);
    const view = renderApp('/dashboards/7');
    await waitFor(() => expect(currentPath(view.router)).toBe('/dashboards/7'));
    view.unmount();
    const edit = renderApp('/dashboards-edit/BLANK');
    await waitFor(() => expect(currentPath(edit.router)).toBe('/dashboards'));
  });
});

describe('leadership dashboard', () => {
  it('goes to /login without a dashboardId', async () => {
    const { router } = renderApp('/dashboard/leadership');
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
  });

  it('opens without sign-in with a dashboardId, storing it as the parameter token and CustomDashboardId', async () => {
    const { router } = renderApp('/dashboard/leadership?dashboardId=dash-42');
    expect(await screen.findByRole('heading', { name: 'Leadership Dashboard' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard/leadership');
    expect(getParamToken()).toBe('dash-42');
    expect(localStorage.getItem(CUSTOM_DASHBOARD_ID_KEY)).toBe('dash-42');
    // The leadership dashboard hides the menu, the header and the sidebar.
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });
});

describe('the shell around the pages', () => {
  it('shows the menu, user name and settings on an app page', async () => {
    signInAs(['STUDIO', 'EMAIL_SETUP'], { userDetails: { firstName: 'Ada', lastName: 'Lovelace' } });
    const { user } = renderApp('/studio-app');
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Email Setup', 'Client Download', 'Logout']);
  });

  it('hides the menu and header on the login page', async () => {
    renderApp('/login');
    await screen.findByRole('button', { name: 'Log in' });
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('banner')).toBeNull();
  });

  it('toggles the collection status sidebar from the header', async () => {
    signInAs(['STUDIO']);
    const { user } = renderApp('/studio-app');
    const toggle = await screen.findByRole('button', { name: 'Collection status' });
    expect(screen.queryByRole('complementary', { name: 'Collection status' })).toBeNull();
    await user.click(toggle);
    const sidebar = await screen.findByRole('complementary', { name: 'Collection status' });
    expect(sidebar).toHaveTextContent('Last Collection Completed');
    expect(sidebar).toHaveTextContent('Collection Import / Export');
    await user.click(toggle);
    expect(screen.queryByRole('complementary', { name: 'Collection status' })).toBeNull();
  });

  it('shows the sidebar while a collection is in progress, keeps it when the run ends, and stays closed once the user closed it', async () => {
    signInAs(['STUDIO']);
    const { user } = renderApp('/studio-app');
    const toggle = await screen.findByRole('button', { name: 'Collection status' });
    const sidebar = () => screen.queryByRole('complementary', { name: 'Collection status' });
    expect(sidebar()).toBeNull();
    try {
      act(() => collectionProgress.set(true));
      expect(await screen.findByRole('complementary', { name: 'Collection status' })).toBeInTheDocument();
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      // The run ends: the sidebar stays, so Last Collection Completed shows its result.
      act(() => collectionProgress.set(false));
      expect(sidebar()).toBeInTheDocument();
      expect(toggle).toHaveAttribute('aria-pressed', 'true');
      act(() => collectionProgress.set(true));

      // Closed mid-run: neither the run going on, the next run, nor a Run pressed brings it back.
      await user.click(toggle);
      expect(sidebar()).toBeNull();
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      expect(localStorage.getItem(STORAGE_KEYS.collectionSidebar)).toBe('closed');
      act(() => collectionProgress.set(false));
      act(() => collectionProgress.set(true));
      act(() => collectionSidebar.open());
      expect(sidebar()).toBeNull();

      // Until the user opens it again.
      await user.click(toggle);
      expect(await screen.findByRole('complementary', { name: 'Collection status' })).toBeInTheDocument();
      expect(localStorage.getItem(STORAGE_KEYS.collectionSidebar)).toBe('open');
    } finally {
      act(() => collectionProgress.set(false));
    }
  });

  it('opens as the user left it on the next start, and a Run opens it unless the user closed it', async () => {
    signInAs(['STUDIO']);
    const first = renderApp('/studio-app');
    await first.user.click(await screen.findByRole('button', { name: 'Collection status' }));
    await screen.findByRole('complementary', { name: 'Collection status' });
    first.unmount();

    // Logout keeps the choice, like the other preferences of this browser.
    clearSession();
    expect(localStorage.getItem(STORAGE_KEYS.collectionSidebar)).toBe('open');
    signInAs(['STUDIO']);
    const second = renderApp('/studio-app');
    expect(await screen.findByRole('complementary', { name: 'Collection status' })).toBeInTheDocument();
    await second.user.click(screen.getByRole('button', { name: 'Collection status' }));
    expect(screen.queryByRole('complementary', { name: 'Collection status' })).toBeNull();
    second.unmount();

    renderApp('/studio-app');
    await screen.findByRole('button', { name: 'Collection status' });
    act(() => collectionSidebar.open());
    expect(screen.queryByRole('complementary', { name: 'Collection status' })).toBeNull();
    // A browser where the user never chose: a Run opens it.
    localStorage.removeItem(STORAGE_KEYS.collectionSidebar);
    act(() => collectionSidebar.open());
    expect(await screen.findByRole('complementary', { name: 'Collection status' })).toBeInTheDocument();
  });

  it('hides the sidebar on the parser config builder', async () => {
    server.use(http.get(anyOrigin('/parserConfig'), () => HttpResponse.text('parser config')));
    signInAs(['CONFIG_PARSER']);
    const { user } = renderApp('/parser-config-builder');
    await user.click(await screen.findByRole('button', { name: 'Collection status' }));
    expect(screen.queryByRole('complementary', { name: 'Collection status' })).toBeNull();
  });
});
