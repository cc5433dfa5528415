import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeOrganization, organizationsBackend } from '../../../../tests/msw/organizations';
import { makeUserAccount, usersBackend } from '../../../../tests/msw/users';
import { renderApp, signInAs } from '../../../../tests/support/render-app';
import { EMAIL_IN_USE_MESSAGE, PASSWORD_MESSAGES, USER_ADMIN_MESSAGES, USER_CREATE_MESSAGES } from '../../../shared/contracts/users';

const PASSWORD = 'a-long-enough-password';

async function openPage(path = '/user-creation', orgId = 'org-1') {
  signInAs(['ORGANIZATIONS_MANAGEMENT'], { orgId });
  const app = renderApp(path);
  await screen.findByRole('form', { name: 'Create user' });
  return app;
}

async function fillForm(user: Awaited<ReturnType<typeof openPage>>['user'], email = 'ann@acme.test') {
  await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'Ann');
  await user.type(screen.getByRole('textbox', { name: /Last Name/ }), 'Lee');
  await user.type(screen.getByRole('textbox', { name: /Email/ }), email);
  await user.type(screen.getByLabelText(/^Password/), PASSWORD);
}

describe('UserCreationPage form', () => {
  beforeEach(() => {
    usersBackend.reset();
    organizationsBackend.reset();
  });

  it('keeps Submit disabled while invalid and shows the required and length messages of touched fields', async () => {
    const { user } = await openPage();
    const submit = screen.getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    for (const name of [/First Name/, /Last Name/, /Email/]) await user.click(screen.getByRole('textbox', { name }));
    await user.click(screen.getByLabelText(/^Password/));
    await user.tab();
    expect(await screen.findByText('First Name is required!')).toBeInTheDocument();
    expect(screen.getByText('Last Name is required!')).toBeInTheDocument();
    expect(screen.getByText('E-mail is required!')).toBeInTheDocument();
    expect(screen.getByText('Password is required!')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Password/), 'short');
    expect(screen.getByText(PASSWORD_MESSAGES.tooShort)).toBeInTheDocument();
    expect(submit).toBeDisabled();
  });

  it('posts the user with the chosen permissions and says User created!', async () => {
    const { user } = await openPage();
    await fillForm(user);
    const permissions = screen.getByRole('group', { name: 'Permissions' });
    await user.click(within(permissions).getByRole('checkbox', { name: 'Studio' }));
    await user.click(within(permissions).getByRole('checkbox', { name: 'Control room' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(screen.getByRole('form', { name: 'Create user' })).findByText(USER_CREATE_MESSAGES.created)).toBeInTheDocument();
    expect(usersBackend.created).toEqual([
      { firstName: 'Ann', lastName: 'Lee', emailAddress: 'ann@acme.test', password: PASSWORD, features: ['STUDIO', 'CONTROL_ROOM'] },
    ]);
    const table = screen.getByRole('grid', { name: 'Users' });
    expect(await within(table).findByText('ann@acme.test')).toBeInTheDocument();
    expect(within(table).getByText('Must change password')).toBeInTheDocument();
  });

  it('says User already exists! and marks the e-mail when the server answers 409', async () => {
    usersBackend.accounts = [makeUserAccount({ email: 'ann@acme.test' })];
    const { user } = await openPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_CREATE_MESSAGES.exists);
    expect(screen.getByText(EMAIL_IN_USE_MESSAGE)).toBeInTheDocument();
  });

  it('shows data.Failed of a refused create (the licence seat cap)', async () => {
    usersBackend.createFailed = 'The licence allows 10 active users';
    const { user } = await openPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The licence allows 10 active users');
  });

  it('lets a platform administrator create in the ?orgId= organization', async () => {
    organizationsBackend.organizations = [
      makeOrganization({ id: 'org-platform', name: 'Platform', licenseDetails: null, isPlatform: true }),
      makeOrganization({ id: 'org-acme', name: 'Acme' }),
    ];
    const { user } = await openPage('/user-creation?orgId=org-acme', 'org-platform');
    await waitFor(() => expect(screen.getByRole('button', { name: /Organization/ })).toHaveTextContent('Acme'));
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await within(screen.getByRole('form', { name: 'Create user' })).findByText(USER_CREATE_MESSAGES.created);
    expect(usersBackend.created[0]?.orgId).toBe('org-acme');
    expect(usersBackend.listedOrgIds).toContain('org-acme');
  });
});

describe('UserCreationPage table', () => {
  beforeEach(() => {
    usersBackend.reset();
    organizationsBackend.reset();
  });

  it('shows First Name, Last Name, Email and Permissions, ten a page', async () => {
    usersBackend.accounts = Array.from({ length: 12 }, (_, index) =>
      makeUserAccount({ userDetails: { firstName: `First${index + 1}`, lastName: 'Last' }, email: `u${index + 1}@acme.test`, permissions: { features: ['STUDIO'] } }),
    );
    const { user } = await openPage();
    const table = screen.getByRole('grid', { name: 'Users' });
    await within(table).findByText('First1');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(['First Name', 'Last Name', 'Email', 'Permissions', 'Actions']);
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(within(table).getAllByText('Studio')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await within(table).findByText('First12')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('edits permissions in a dialog and PUTs them', async () => {
    const ann = makeUserAccount({ userDetails: { firstName: 'Ann', lastName: 'Lee' }, permissions: { features: ['STUDIO'] } });
    usersBackend.accounts = [ann];
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Edit permissions of Ann Lee' }));
    const dialog = await screen.findByRole('dialog', { name: 'Permissions of Ann Lee' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Studio' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Operations center' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(usersBackend.permissionsSet).toEqual([{ id: ann.id, body: { features: ['OPERATIONS_CENTER'] } }]);
    expect(await within(screen.getByRole('grid', { name: 'Users' })).findByText('Operations center')).toBeInTheDocument();
  });

  it('deactivates after a confirmation and marks the row', async () => {
    const ann = makeUserAccount({ userDetails: { firstName: 'Ann', lastName: 'Lee' } });
    usersBackend.accounts = [ann];
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Deactivate Ann Lee' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate user' });
    expect(usersBackend.statusSet).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByText('Deactivated')).toBeInTheDocument();
    expect(usersBackend.statusSet).toEqual([{ id: ann.id, active: false }]);
    expect(screen.getByRole('button', { name: 'Activate Ann Lee' })).toBeInTheDocument();
  });

  it("shows the server's refusal of an activation (the seat cap)", async () => {
    usersBackend.accounts = [makeUserAccount({ userDetails: { firstName: 'Ann', lastName: 'Lee' }, active: false })];
    usersBackend.failure = { status: 403, message: 'The licence allows 10 active users' };
    const { user } = await openPage();
    await user.click(await screen.findByRole('button', { name: 'Activate Ann Lee' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The licence allows 10 active users');
    expect(screen.queryByText(USER_ADMIN_MESSAGES.activated)).toBeNull();
  });
});
