import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StudioConfig } from '../../../shared/config';
import { settingsPopup } from '../settings-popup-store';
import { Header, type SettingsPopupSlots } from './Header';

const CONFIG: StudioConfig = { VariableManagement: { enabled: true } };

/** The header alone on a router (its menu navigates), with a stand-in for the popup content the routes layer gives. */
function renderHeader(settingsPopups: SettingsPopupSlots = { 'manage-variable': <p>Variables content</p> }) {
  const rootRoute = createRootRoute({
    component: () => <Header title="Studio" userName={undefined} features={[]} config={CONFIG} isSidebarOpen={false} onToggleSidebar={() => undefined} settingsPopups={settingsPopups} />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const view = render(<RouterProvider router={router} />);
  return { ...view, user: userEvent.setup() };
}

afterEach(() => settingsPopup.close());

describe('Header settings popups', () => {
  it('opens Manage Variables with the given content, and Escape gives focus back to Settings', async () => {
    const { user } = renderHeader();
    const settings = await screen.findByRole('button', { name: 'Settings' });
    await user.click(settings);
    await user.click(await screen.findByRole('menuitem', { name: 'Manage Variable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Manage Variables' });
    expect(within(dialog).getByText('Variables content')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(settings).toHaveFocus();
  });

  it('opens on request from elsewhere (an embedded page), and closes when the header goes away', async () => {
    const { unmount } = renderHeader();
    await screen.findByRole('button', { name: 'Settings' });
    act(() => settingsPopup.open('manage-variable'));
    expect(await screen.findByRole('dialog', { name: 'Manage Variables' })).toBeInTheDocument();
    unmount();
    expect(settingsPopup.get()).toBeNull();
  });
});

describe('Header collection status button', () => {
  it("is named 'Collection status' by its visible words, not by its icon alone", async () => {
    renderHeader();
    const toggle = await screen.findByRole('button', { name: 'Collection status' });
    expect(toggle).toHaveTextContent(/^☰ Collection status$/);
    expect(toggle).not.toHaveAttribute('aria-label');
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
