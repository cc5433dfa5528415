import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { anyOrigin, errorResponse } from '../../../../tests/msw/handlers';
import { daysFromNow, makeLicense, makeOrganization, organizationsBackend } from '../../../../tests/msw/organizations';
import { server } from '../../../../tests/msw/server';
import { currentPath, renderApp, signInAs } from '../../../../tests/support/render-app';
import { endpoints } from '../../../shared/endpoints';

/** The whole app (config, guards, lazy route chunk, then the call) may take over findBy's 1 s under load. */

function renderList() {
  signInAs(['ORGANIZATIONS_MANAGEMENT'], { orgId: 'org-platform' });
  return renderApp('/organizations');
}

describe('OrganizationsPage', () => {
  beforeEach(() => {
    organizationsBackend.reset();
    organizationsBackend.organizations = [
      makeOrganization({ id: 'org-platform', name: 'Platform', logo: 'PL', licenseDetails: null, isPlatform: true, groupsNumber: 1, usersNumber: 1 }),
      makeOrganization({
        id: 'org-acme',
        name: 'Acme Robotics',
        logo: 'AR',
        licenseDetails: makeLicense({ licenseName: 'Acme RPA', product: 'RPA', expiresAt: daysFromNow(20) }),
        type: 'rpa',
        status: 'expiring-soon',
        groupsNumber: 3,
        usersNumber: 17,
      }),
      makeOrganization({ id: 'org-globex', name: 'Globex', logo: 'GL', groupsNumber: 0, usersNumber: 4 }),
    ];
  });

  it('shows a tile per organization with its licence, expiry, status, type and real counts', async () => {
    renderList();
    const acme = await screen.findByRole('article', { name: 'Acme Robotics' });
    expect(acme).toHaveClass('org-tile--rpa', 'org-tile--expiring-soon');
    const fact = (label: string) => within(acme).getByText(label).nextElementSibling?.textContent;
    expect(fact('License')).toBe('Acme RPA');
    expect(fact('Expires')).toMatch(/^[A-Z][a-z]{2}-\d{2}-\d{4}$/);
    expect(fact('Status')).toBe('Expiring soon');
    expect(fact('Type')).toBe('RPA');
    expect(fact('Groups')).toBe('3');
    expect(fact('Users')).toBe('17');
    expect(within(acme).getByRole('link', { name: 'Acme Robotics' })).toHaveAttribute('href', '/studio/organizations/org-acme');
    const platform = screen.getByRole('article', { name: 'Platform' });
    expect(within(platform).getByText('License').nextElementSibling).toHaveTextContent('Unlimited');
    expect(screen.getByRole('link', { name: /Create organization/ })).toHaveAttribute('href', '/studio/organizations/new');
  });

  it('filters the tiles by name as the user types', async () => {
    const { user } = renderList();
    await screen.findByRole('article', { name: 'Globex' });
    await user.type(screen.getByRole('searchbox', { name: 'Search organizations' }), 'acme');
    expect(screen.getByRole('article', { name: 'Acme Robotics' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Globex' })).toBeNull();
    await user.clear(screen.getByRole('searchbox', { name: 'Search organizations' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search organizations' }), 'nothing');
    expect(screen.getByText('No organization matches "nothing".')).toBeInTheDocument();
  });

  it('offers RTA, RPA and DOMA under Select Client Type:, each opening the create page for that type', async () => {
    const { user, router } = renderList();
    await user.click(await screen.findByRole('button', { name: 'CREATE ORGANIZATION' }));
    const menu = await screen.findByRole('menu', { name: 'CREATE ORGANIZATION' });
    expect(within(menu).getByText('Select Client Type:')).toBeInTheDocument();
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['RTA', 'RPA', 'DOMA']);
    await user.click(within(menu).getByRole('menuitem', { name: 'RPA' }));
    await expect.poll(() => currentPath(router)).toBe('/organizations/new');
    expect(router.state.location.search).toEqual({ type: 'RPA' });
  });

  it('says so when the list cannot be loaded', async () => {
    // A 4xx is not retried.
    server.use(http.get(anyOrigin(endpoints.organizations.list), () => errorResponse(400, 'Database unavailable')));
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('The organizations could not be loaded. Database unavailable');
  });

  it('says so when there is no organization', async () => {
    organizationsBackend.organizations = [];
    renderList();
    expect(await screen.findByText('No organizations yet.')).toBeInTheDocument();
  });
});
