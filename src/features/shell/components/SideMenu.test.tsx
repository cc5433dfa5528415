import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildMenu, type SavedReports } from '../menu-items';
import { SideMenu } from './SideMenu';

function renderMenu(pathname: string, savedReports: SavedReports = []) {
  const entries = buildMenu(['STUDIO', 'CONTROL_ROOM', 'DASHBOARD_MANAGEMENT', 'LEGACY_DASHBOARD'], {});
  render(<SideMenu entries={entries} pathname={pathname} savedReports={savedReports} />);
  return userEvent.setup();
}

describe('SideMenu', () => {
  it('marks the item of the active route as the current page', () => {
    renderMenu('/control-room');
    expect(screen.getByRole('link', { name: /Control Room/ })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: /Studio/ })).not.toHaveAttribute('aria-current');
  });

  it('opens the submenu whose child is active', () => {
    renderMenu('/static-dashboard');
    expect(screen.getByRole('button', { name: 'Dashboard' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /Static Dashboard/ })).toHaveAttribute('aria-current', 'page');
  });

  it('keeps other submenus closed until pressed', async () => {
    const user = renderMenu('/control-room');
    const dashboard = screen.getByRole('button', { name: 'Dashboard' });
    expect(dashboard).toHaveAttribute('aria-expanded', 'false');
    await user.click(dashboard);
    expect(dashboard).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: /New/ })).toBeVisible();
  });

  it('opens the My Dashboards drawer and closes it again from the same item', async () => {
    const user = renderMenu('/dashboards-edit/BLANK');
    const drawerTrigger = screen.getByRole('button', { name: /My Dashboards/ });
    expect(drawerTrigger).toHaveAttribute('aria-expanded', 'false');
    await user.click(drawerTrigger);
    expect(drawerTrigger).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('You have no dashboards!')).toBeVisible();
    await user.click(drawerTrigger);
    expect(drawerTrigger).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('You have no dashboards!')).not.toBeVisible();
  });

  it('says the list is loading, not that there are no dashboards, until it is read', async () => {
    const user = renderMenu('/dashboards-edit/BLANK', 'loading');
    await user.click(screen.getByRole('button', { name: /My Dashboards/ }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading dashboards…');
    expect(screen.queryByText('You have no dashboards!')).toBeNull();
  });

  it('says the list failed when it could not be read', async () => {
    const user = renderMenu('/dashboards-edit/BLANK', 'failed');
    await user.click(screen.getByRole('button', { name: /My Dashboards/ }));
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to get reports');
    expect(screen.queryByText('You have no dashboards!')).toBeNull();
  });

  it('closes the drawer when a report is chosen', async () => {
    const user = renderMenu('/dashboards-edit/BLANK', [{ id: 'r1', title: 'Weekly' }]);
    await user.click(screen.getByRole('button', { name: /My Dashboards/ }));
    const drawer = screen.getByRole('group', { name: 'My Dashboards' });
    await user.click(within(drawer).getByRole('link', { name: 'Weekly' }));
    expect(screen.getByRole('button', { name: /My Dashboards/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes the drawer with Escape from inside it', async () => {
    const user = renderMenu('/dashboards-edit/BLANK', [{ id: 'r1', title: 'Weekly' }]);
    await user.click(screen.getByRole('button', { name: /My Dashboards/ }));
    screen.getByRole('link', { name: 'Weekly' }).focus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: /My Dashboards/ })).toHaveAttribute('aria-expanded', 'false');
  });

  it('lists saved reports in the drawer except the leadership and custom dashboards', async () => {
    const user = renderMenu('/dashboards-edit/BLANK', [
      { id: 'r1', title: 'Weekly' },
      { id: 'r2', title: 'Leadership Dashboard' },
      { id: 'r3', title: 'Custom Dashboard' },
    ]);
    await user.click(screen.getByRole('button', { name: /My Dashboards/ }));
    expect(screen.getByRole('link', { name: 'Weekly' })).toHaveAttribute('href', '/dashboards/r1');
    expect(screen.queryByRole('link', { name: 'Leadership Dashboard' })).toBeNull();
    expect(screen.queryByText('You have no dashboards!')).toBeNull();
  });
});
