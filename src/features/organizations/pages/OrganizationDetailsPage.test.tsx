import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { daysFromNow, makeLicense, makeOrganization, organizationsBackend } from '../../../../tests/msw/organizations';
import { renderApp, signInAs } from '../../../../tests/support/render-app';
import { LICENSE_MESSAGES, ORGANIZATION_MESSAGES, type OrganizationDetails } from '../../../shared/contracts/organizations';

const PLATFORM = makeOrganization({ id: 'org-platform', name: 'Platform', licenseDetails: null, isPlatform: true });

function renderDetails(org: OrganizationDetails, userOrgId = 'org-platform') {
  organizationsBackend.organizations = [PLATFORM, org];
  signInAs(['ORGANIZATIONS_MANAGEMENT'], { orgId: userOrgId });
  return renderApp(`/organizations/${org.id}`);
}

const acme = (overrides: Partial<OrganizationDetails> = {}) =>
  makeOrganization({ id: 'org-acme', name: 'Acme', licenseDetails: makeLicense({ orgId: 'org-acme', licenseName: 'Acme RTA', parallels: 3 }), ...overrides });

describe('OrganizationDetailsPage', () => {
  beforeEach(() => {
    organizationsBackend.reset();
  });

  it('shows the name, licensing, expiration, running runs, groups and users', async () => {
    renderDetails(
      acme({
        runningNow: 2,
        groups: [{ id: 'g1', name: 'QA', membersNumber: 4 }],
        Accounts: [{ id: 'u1', userId: 'ann@acme.test', firstName: 'Ann', lastName: 'Lee', active: true }],
      }),
    );
    expect(await screen.findByRole('textbox', { name: 'Organization name' })).toHaveValue('Acme');
    const licensing = screen.getByRole('region', { name: 'Licensing' });
    const fact = (label: string) => within(licensing).getByText(label).nextElementSibling?.textContent;
    expect(fact('License')).toBe('Acme RTA');
    expect(fact('Type')).toBe('RTA');
    expect(fact('Running now')).toBe('2 of 3');
    expect(fact('Expiration date')).toMatch(/^[A-Z][a-z]{2}-\d{2}-\d{4}$/);
    expect(within(screen.getByRole('region', { name: 'Groups (1)' })).getByRole('link', { name: 'QA' })).toBeInTheDocument();
    const users = screen.getByRole('region', { name: 'Users (1)' });
    expect(within(users).getByText('Ann Lee')).toBeInTheDocument();
    expect(within(users).getByRole('link', { name: 'Add user' })).toHaveAttribute('href', '/studio/user-creation?orgId=org-acme');
    expect(screen.getByRole('link', { name: 'Add group' })).toHaveAttribute('href', '/studio/groupCreate/new?orgId=org-acme');
  });

  it('pages the users ten at a time', async () => {
    const accounts = Array.from({ length: 12 }, (_, index) => ({ id: `u${index}`, userId: `u${index}@acme.test`, firstName: 'User', lastName: String(index + 1), active: true }));
    const { user } = renderDetails(acme({ Accounts: accounts }));
    const users = await screen.findByRole('region', { name: 'Users (12)' });
    expect(within(users).getAllByRole('listitem')).toHaveLength(10);
    await user.click(within(users).getByRole('button', { name: 'Page 2' }));
    expect(within(users).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['User 11u10@acme.test', 'User 12u11@acme.test']);
  });

  it('saves a renamed organization once, 500 ms after the last keystroke', async () => {
    const { user } = renderDetails(acme());
    const name = await screen.findByRole('textbox', { name: 'Organization name' });
    await user.type(name, ' Labs');
    expect(organizationsBackend.updated).toEqual([]);
    expect(await screen.findByText(ORGANIZATION_MESSAGES.saved)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(organizationsBackend.updated).toEqual([{ id: 'org-acme', body: { name: 'Acme Labs' } }]);
  });

  it('does not save an empty name and says it is required', async () => {
    const { user } = renderDetails(acme());
    const name = await screen.findByRole('textbox', { name: 'Organization name' });
    await user.clear(name);
    expect(screen.getByText('Required')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(organizationsBackend.updated).toEqual([]);
  });

  it("says Couldn't find the organization! when the server answers 404", async () => {
    organizationsBackend.organizations = [PLATFORM];
    signInAs(['ORGANIZATIONS_MANAGEMENT'], { orgId: 'org-platform' });
    renderApp('/organizations/missing');
    expect(await screen.findByRole('alert')).toHaveTextContent(ORGANIZATION_MESSAGES.notFound);
  });

  it('warns 14 days before expiry with the expires-soon message', async () => {
    renderDetails(acme({ licenseDetails: makeLicense({ orgId: 'org-acme', expiresAt: daysFromNow(14) }) }));
    expect(await screen.findByText(LICENSE_MESSAGES.expiresSoon(14))).toBeInTheDocument();
  });

  it('shows no warning 30 days before expiry', async () => {
    renderDetails(acme({ licenseDetails: makeLicense({ orgId: 'org-acme', expiresAt: daysFromNow(30) }) }));
    await screen.findByRole('region', { name: 'Licensing' });
    expect(screen.queryByText(/license expires in/)).toBeNull();
  });

  it('says when the licence has expired', async () => {
    renderDetails(acme({ licenseDetails: makeLicense({ orgId: 'org-acme', expiresAt: daysFromNow(-1) }) }));
    expect(await screen.findByText(/license expired on/)).toBeInTheDocument();
  });

  it('lets a platform administrator edit the licence with PUT /api/licenses/{id}', async () => {
    const org = acme();
    const { user } = renderDetails(org);
    await user.click(await screen.findByRole('button', { name: 'Edit license Acme RTA' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit license Acme RTA' });
    const users = within(dialog).getByRole('textbox', { name: /Users/ });
    await user.clear(users);
    await user.type(users, '25');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LICENSE_MESSAGES.saved)).toBeInTheDocument();
    expect(organizationsBackend.licensesUpdated).toEqual([
      { id: org.licenseDetails?.licenseId, body: { licenseName: 'Acme RTA', product: 'RTA', trial: false, users: 25, durationDays: 365, parallels: 3, credit: null } },
    ]);
  });

  it('hides licence editing from an organization administrator', async () => {
    organizationsBackend.organizations = [acme()];
    signInAs(['ORGANIZATIONS_MANAGEMENT'], { orgId: 'org-acme' });
    renderApp('/organizations/org-acme');
    await screen.findByRole('region', { name: 'Licensing' });
    expect(screen.queryByRole('button', { name: /Edit license/ })).toBeNull();
  });
});
