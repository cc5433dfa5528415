import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { groupsBackend, makeGroup } from '../../../../tests/msw/groups';
import { makeUserAccount, usersBackend } from '../../../../tests/msw/users';
import { currentPath, renderApp, signInAs } from '../../../../tests/support/render-app';
import { GROUP_MESSAGES } from '../../../shared/contracts/groups';

const ann = () => makeUserAccount({ id: 'u-ann', userDetails: { firstName: 'Ann', lastName: 'Lee' }, email: 'ann@acme.test' });
const bob = () => makeUserAccount({ id: 'u-bob', userDetails: { firstName: 'Bob', lastName: 'Ray' }, email: 'bob@acme.test' });

function open(path: string) {
  signInAs(['ORGANIZATIONS_MANAGEMENT']);
  return renderApp(path);
}

describe('groups pages', () => {
  beforeEach(() => {
    groupsBackend.reset();
    usersBackend.reset();
    usersBackend.accounts = [ann(), bob()];
  });

  it('lists groups with their description and members count, linking to details and to create', async () => {
    groupsBackend.groups = [makeGroup({ id: 'g1', name: 'QA', description: 'Testers', members: [{ id: 'u-ann', userId: 'ann@acme.test', firstName: 'Ann', lastName: 'Lee' }] })];
    open('/groups');
    const table = await screen.findByRole('grid', { name: 'Groups' });
    expect(await within(table).findByRole('link', { name: 'QA' })).toHaveAttribute('href', '/studio/groups/g1');
    expect(within(table).getByText('Testers')).toBeInTheDocument();
    expect(within(table).getByText('1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create group' })).toHaveAttribute('href', '/studio/groupCreate/new');
  });

  it('creates a group with chosen members and opens its details', async () => {
    const { user, router } = open('/groupCreate/new');
    const form = await screen.findByRole('form', { name: 'Create group' });
    expect(within(form).getByRole('button', { name: 'Create' })).toBeDisabled();
    await user.type(within(form).getByRole('textbox', { name: /Name/ }), 'QA');
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Testers');
    await user.click(await within(form).findByRole('checkbox', { name: 'Bob Ray (bob@acme.test)' }));
    await user.click(within(form).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(currentPath(router)).toMatch(/^\/groups\/group-\d+$/));
    expect(groupsBackend.created).toEqual([{ name: 'QA', description: 'Testers', members: ['u-bob'] }]);
    expect(await screen.findByRole('heading', { name: 'QA' })).toBeInTheDocument();
  });

  it('edits a group loaded by the route id and PUTs it', async () => {
    groupsBackend.groups = [makeGroup({ id: 'g1', name: 'QA', members: [{ id: 'u-ann', userId: 'ann@acme.test', firstName: 'Ann', lastName: 'Lee' }] })];
    const { user } = open('/groups/g1');
    const form = await screen.findByRole('form', { name: 'Edit group' });
    expect(await within(form).findByRole('checkbox', { name: 'Ann Lee (ann@acme.test)' })).toBeChecked();
    await user.click(within(form).getByRole('checkbox', { name: 'Ann Lee (ann@acme.test)' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Bob Ray (bob@acme.test)' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(groupsBackend.updated).toEqual([{ id: 'g1', body: { name: 'QA', description: '', members: ['u-bob'] } }]));
  });

  it('deletes after a confirmation and goes back to /groups', async () => {
    groupsBackend.groups = [makeGroup({ id: 'g1', name: 'QA' })];
    const { user, router } = open('/groups/g1');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete group' });
    expect(groupsBackend.deleted).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(currentPath(router)).toBe('/groups'));
    expect(groupsBackend.deleted).toEqual(['g1']);
  });

  it('says Group not found on a 404', async () => {
    open('/groups/missing');
    expect(await screen.findByRole('alert')).toHaveTextContent(GROUP_MESSAGES.notFound);
  });
});
