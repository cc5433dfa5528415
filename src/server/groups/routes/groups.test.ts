import { afterEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { GROUP_MESSAGES, groupListResponseSchema, groupResponseSchema, groupSavedResponseSchema } from '../../../shared/contracts/groups';
import { organizationResponseSchema, organizationListResponseSchema } from '../../../shared/contracts/organizations';
import { storedUserSchema } from '../../../shared/contracts/auth';
import { endpoints } from '../../../shared/endpoints';
import { licensedOrganization, sendJson } from '../../testing/licensedOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';

describe('groups', () => {
  let t: TestServer;
  afterEach(async () => t.close());

  it('creates, lists, reads, saves and deletes a group of the caller organization', async () => {
    t = await startTestServer();
    const ada = await t.createUser(['STUDIO']);
    const bob = await t.createUser(['STUDIO']);
    const created = await sendJson(t, endpoints.groups.create, 'POST', { name: 'Testers', description: 'QA', members: [ada.id, bob.id, ada.id] });
    expect(created.status).toBe(200);
    const group = groupSavedResponseSchema.parse(await created.json());
    expect(group.message).toBe(GROUP_MESSAGES.created);
    expect(group.data.members.map((member) => member.id).sort()).toEqual([ada.id, bob.id].sort());

    const token = await t.tokenFor(t.admin);
    const list = groupListResponseSchema.parse(await (await t.request(endpoints.groups.list, { token })).json());
    expect(list.data.map((g) => g.name)).toEqual(['Testers']);
    const user = storedUserSchema.parse((await (await t.request(endpoints.users.byId(ada.id), { token })).json() as { data: unknown }).data);
    expect(user.groups).toEqual([group.data.id]);

    const taken = await sendJson(t, endpoints.groups.create, 'POST', { name: 'TESTERS', description: '', members: [] });
    expect(taken.status).toBe(409);
    expect(errorBodySchema.parse(await taken.json()).fieldErrors?.['name']).toEqual([GROUP_MESSAGES.nameTaken]);

    const saved = await sendJson(t, endpoints.groups.byId(group.data.id), 'PUT', { name: 'Testers 2', description: '', members: [bob.id] });
    expect(saved.status).toBe(200);
    const one = groupResponseSchema.parse(await (await t.request(endpoints.groups.byId(group.data.id), { token })).json());
    expect(one.data).toMatchObject({ name: 'Testers 2', members: [{ id: bob.id, userId: bob.email }] });

    const orgs = organizationListResponseSchema.parse(await (await t.request(endpoints.organizations.list, { token })).json());
    expect(orgs.data.find((org) => org.isPlatform)?.groupsNumber).toBe(1);
    const details = organizationResponseSchema.parse(await (await t.request(endpoints.organizations.byId(one.data.orgId), { token })).json());
    expect(details.data.groups).toEqual([{ id: group.data.id, name: 'Testers 2', membersNumber: 1 }]);

    const deleted = await t.request(endpoints.groups.byId(group.data.id), { method: 'DELETE', token });
    expect(await deleted.json()).toEqual({ success: true, message: GROUP_MESSAGES.deleted });
    expect((await t.request(endpoints.groups.byId(group.data.id), { token })).status).toBe(404);
  });

  it('refuses bad input and members of other organizations with field errors', async () => {
    t = await startTestServer();
    const bad = await sendJson(t, endpoints.groups.create, 'POST', { name: '', description: 'x'.repeat(1001) });
    expect(bad.status).toBe(400);
    expect(Object.keys(errorBodySchema.parse(await bad.json()).fieldErrors ?? {}).sort()).toEqual(['description', 'members', 'name']);
    const unknown = await sendJson(t, endpoints.groups.create, 'POST', { name: 'G', description: '', members: ['no-such-user'] });
    expect(unknown.status).toBe(400);
    expect(errorBodySchema.parse(await unknown.json()).fieldErrors?.['members']).toEqual([GROUP_MESSAGES.unknownMember]);
  });

  it('keeps organizations apart: another organization group is 404 unless platform administrator', async () => {
    t = await startTestServer();
    const org = await licensedOrganization(t);
    const orgAdmin = await org.tokenFor(['ORGANIZATIONS_MANAGEMENT']);
    const admin = await t.tokenFor(t.admin);
    const platformUser = await t.createUser(['STUDIO']);
    const platformGroup = groupSavedResponseSchema.parse(
      await (await sendJson(t, endpoints.groups.create, 'POST', { name: 'Platform', description: '', members: [] }, admin)).json(),
    ).data;
    expect((await t.request(endpoints.groups.byId(platformGroup.id), { token: orgAdmin })).status).toBe(404);
    expect((await sendJson(t, endpoints.groups.byId(platformGroup.id), 'PUT', { name: 'X', description: '', members: [] }, orgAdmin)).status).toBe(404);
    expect((await t.request(endpoints.groups.byId(platformGroup.id), { method: 'DELETE', token: orgAdmin })).status).toBe(404);
    expect((await t.request(`${endpoints.groups.list}?orgId=${platformGroup.orgId}`, { token: orgAdmin })).status).toBe(404);
    const foreignMember = await sendJson(t, endpoints.groups.create, 'POST', { name: 'Mine', description: '', members: [platformUser.id] }, orgAdmin);
    expect(foreignMember.status).toBe(400);

    // The same name in another organization is fine; a platform administrator makes and lists groups there.
    const theirs = await sendJson(t, endpoints.groups.create, 'POST', { name: 'Platform', description: '', members: [], orgId: org.orgId }, admin);
    expect(theirs.status).toBe(200);
    const listed = groupListResponseSchema.parse(await (await t.request(`${endpoints.groups.list}?orgId=${org.orgId}`, { token: admin })).json());
    expect(listed.data.map((g) => g.orgId)).toEqual([org.orgId]);
    const own = groupListResponseSchema.parse(await (await t.request(endpoints.groups.list, { token: orgAdmin })).json());
    expect(own.data).toHaveLength(1);
    expect((await t.request(endpoints.groups.list, { token: await org.tokenFor(['STUDIO']) })).status).toBe(403);
  });
});
