import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeLicense, makeOrganization, organizationsBackend } from '../../../../tests/msw/organizations';
import { currentPath, renderApp, signInAs } from '../../../../tests/support/render-app';
import { LICENSE_MESSAGES, ORGANIZATION_MESSAGES } from '../../../shared/contracts/organizations';


function renderCreate(path = '/organizations/new', userOrgId = 'org-platform') {
  signInAs(['ORGANIZATIONS_MANAGEMENT'], { orgId: userOrgId });
  return renderApp(path);
}

describe('NewOrganizationPage', () => {
  beforeEach(() => {
    organizationsBackend.reset();
    organizationsBackend.organizations = [
      makeOrganization({ id: 'org-platform', name: 'Platform', licenseDetails: null, isPlatform: true }),
      makeOrganization({ id: 'org-acme', name: 'Acme' }),
    ];
    organizationsBackend.licenses = [
      makeLicense({ licenseId: 'lic-rta', licenseName: 'Free RTA', product: 'RTA' }),
      makeLicense({ licenseId: 'lic-rpa', licenseName: 'Free RPA', product: 'RPA' }),
      makeLicense({ licenseId: 'lic-bound', licenseName: 'Bound RTA', product: 'RTA', orgId: 'org-acme' }),
    ];
  });

  it('lists the free licences of the ?type= product, posts name and licenseId, then goes back to the list', async () => {
    const { user, router } = renderCreate('/organizations/new?type=RTA');
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to organizations' })).toHaveAttribute('href', '/studio/organizations');
    await user.type(screen.getByRole('textbox', { name: /Organization name/ }), 'Initech');
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /License \(RTA\)/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Free RTA: RTA, 10 users, 365 days']);
    await user.click(options[0]!);
    expect(save).toBeEnabled();
    await user.click(save);
    expect(await screen.findByText(ORGANIZATION_MESSAGES.created)).toBeInTheDocument();
    expect(organizationsBackend.created).toEqual([{ name: 'Initech', licenseId: 'lic-rta' }]);
    await expect.poll(() => currentPath(router)).toBe('/organizations');
  });

  it('shows a taken name under the name field and stays on the page', async () => {
    const { user, router } = renderCreate();
    await user.type(await screen.findByRole('textbox', { name: /Organization name/ }), 'Acme');
    await user.click(screen.getByRole('button', { name: /License/ }));
    await user.click(await screen.findByRole('option', { name: /Free RPA/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ORGANIZATION_MESSAGES.nameTaken)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/organizations/new');
  });

  it('creates a licence when none is free, with the contract rules as messages, and selects it', async () => {
    organizationsBackend.licenses = [];
    const { user } = renderCreate('/organizations/new?type=DOMA');
    await user.click(await screen.findByRole('button', { name: 'New license' }));
    expect(screen.getByText('No free license is available for this client type.')).toBeInTheDocument();
    const dialog = await screen.findByRole('dialog', { name: 'New license' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getAllByText('Required')).toHaveLength(4);
    await user.type(within(dialog).getByRole('textbox', { name: /License name/ }), 'Doma trial');
    await user.type(within(dialog).getByRole('textbox', { name: /Users/ }), '5x');
    await user.type(within(dialog).getByRole('textbox', { name: /Duration/ }), '30');
    await user.type(within(dialog).getByRole('textbox', { name: /Parallels/ }), '5000');
    expect(within(dialog).getByText('Enter a whole number')).toBeInTheDocument();
    expect(within(dialog).getByText('At most 1000')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(organizationsBackend.licensesCreated).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: /Users/ }), '{Backspace}');
    await user.clear(within(dialog).getByRole('textbox', { name: /Parallels/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /Parallels/ }), '2');
    await user.click(within(dialog).getByRole('switch', { name: 'Trial' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(LICENSE_MESSAGES.created)).toBeInTheDocument();
    expect(organizationsBackend.licensesCreated).toEqual([
      { licenseName: 'Doma trial', product: 'DOMA', trial: true, users: 5, durationDays: 30, parallels: 2, credit: null },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: /License \(DOMA\)/ })).toHaveTextContent('Doma trial: DOMA (trial), 5 users, 30 days');
  });

  it('offers no licence creation to an organization administrator', async () => {
    organizationsBackend.organizations = [makeOrganization({ id: 'org-acme', name: 'Acme' })];
    renderCreate('/organizations/new', 'org-acme');
    await screen.findByRole('textbox', { name: /Organization name/ });
    expect(screen.queryByRole('button', { name: 'New license' })).toBeNull();
  });
});
