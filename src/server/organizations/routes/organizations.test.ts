import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  LICENSE_MESSAGES,
  licenseListResponseSchema,
  licenseResponseSchema,
  ORGANIZATION_MESSAGES,
  organizationListResponseSchema,
  organizationResponseSchema,
  organizationSavedResponseSchema,
} from '../../../shared/contracts/organizations';
import { endpoints } from '../../../shared/endpoints';
import { LICENSE_INPUT, licensedOrganization, sendJson } from '../../testing/licensedOrganization';
import { tokenInAnotherOrganization } from '../../testing/otherOrganization';
import { startTestServer, type TestServer } from '../../testing/testServer';

const DAY = 86_400_000;

describe('organizations and licences calls', { timeout: 60_000 }, () => {
  let t: TestServer;
  let admin: string;
  beforeAll(async () => {
    t = await startTestServer();
    admin = await t.tokenFor(t.admin);
  });
  afterAll(async () => t.close());

  const get = (path: string, token = admin) => t.request(path, { token });
  const errorOf = async (response: Response, status: number) => {
    expect(response.status, await response.clone().text()).toBe(status);
    return errorBodySchema.parse(await response.json());
  };
  async function newLicense(overrides: Partial<typeof LICENSE_INPUT> = {}) {
    const response = await sendJson(t, endpoints.licenses.create, 'POST', { ...LICENSE_INPUT, ...overrides }, admin);
    expect(response.status, await response.clone().text()).toBe(200);
    return licenseResponseSchema.parse(await response.json());
  }

  it('creates, lists and saves licences', async () => {
    const before = Date.now();
    const created = await newLicense({ licenseName: 'Gold', durationDays: 10, credit: 600 });
    expect(created.message).toBe(LICENSE_MESSAGES.created);
    expect(created.data).toMatchObject({ licenseName: 'Gold', product: 'RPA', users: 5, parallels: 2, credit: 600, creditUsed: 0, orgId: null, status: 'critical' });
    expect(Date.parse(created.data.expiresAt) - Date.parse(created.data.startsAt)).toBe(10 * DAY);
    expect(Date.parse(created.data.startsAt)).toBeGreaterThanOrEqual(before - 1000);

    const list = licenseListResponseSchema.parse(await (await get(endpoints.licenses.list)).json());
    expect(list.data.results.map((license) => license.licenseId)).toContain(created.data.licenseId);

    const saved = await sendJson(t, endpoints.licenses.byId(created.data.licenseId), 'PUT', { ...LICENSE_INPUT, licenseName: 'Platinum', durationDays: 100 }, admin);
    expect(saved.status).toBe(200);
    const body = licenseResponseSchema.parse(await saved.json());
    expect(body.message).toBe(LICENSE_MESSAGES.saved);
    expect(body.data).toMatchObject({ licenseName: 'Platinum', startsAt: created.data.startsAt, status: 'active', credit: null });

    const unknown = await sendJson(t, endpoints.licenses.byId('missing'), 'PUT', LICENSE_INPUT, admin);
    expect((await errorOf(unknown, 404)).message).toBe(LICENSE_MESSAGES.notFound);
  });

  it('renews an expired licence from the day it is saved', async () => {
    const { data } = await newLicense();
    await t.server.services.db
      .updateTable('licenses')
      .set({ starts_at: new Date(Date.now() - 400 * DAY).toISOString(), expires_at: new Date(Date.now() - 35 * DAY).toISOString() })
      .where('id', '=', data.licenseId)
      .execute();
    const expired = licenseListResponseSchema.parse(await (await get(endpoints.licenses.list)).json()).data.results.find((l) => l.licenseId === data.licenseId);
    expect(expired?.status).toBe('expired');
    const renewed = licenseResponseSchema.parse(await (await sendJson(t, endpoints.licenses.byId(data.licenseId), 'PUT', LICENSE_INPUT, admin)).json());
    expect(renewed.data.status).toBe('active');
    expect(Date.parse(renewed.data.startsAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('answers 400 with field errors to bad licence and organization input', async () => {
    const bad = await errorOf(await sendJson(t, endpoints.licenses.create, 'POST', { ...LICENSE_INPUT, licenseName: ' ', users: 0, product: 'XYZ', credit: -1 }, admin), 400);
    expect(Object.keys(bad.fieldErrors ?? {}).sort()).toEqual(['credit', 'licenseName', 'product', 'users']);
    const missing = await errorOf(await sendJson(t, endpoints.licenses.create, 'POST', {}, admin), 400);
    expect(Object.keys(missing.fieldErrors ?? {})).toContain('parallels');
    const notJson = await t.request(endpoints.licenses.create, { method: 'POST', token: admin, headers: { 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    const org = await errorOf(await sendJson(t, endpoints.organizations.create, 'POST', { name: '', licenseId: 7 }, admin), 400);
    expect(Object.keys(org.fieldErrors ?? {}).sort()).toEqual(['licenseId', 'name']);
    const rename = await errorOf(await sendJson(t, endpoints.organizations.byId('x'), 'PUT', { name: 'a'.repeat(101) }, admin), 400);
    expect(rename.fieldErrors?.name).toEqual(['maxlength']);
  });

  it('creates an organization on a free licence, once per licence and name', async () => {
    const { data: license } = await newLicense({ licenseName: 'Starter', product: 'DOMA' });
    const response = await sendJson(t, endpoints.organizations.create, 'POST', { name: 'Acme Testing', licenseId: license.licenseId }, admin);
    expect(response.status, await response.clone().text()).toBe(200);
    const created = organizationSavedResponseSchema.parse(await response.json());
    expect(created.message).toBe(ORGANIZATION_MESSAGES.created);
    expect(created.data).toMatchObject({ name: 'Acme Testing', logo: 'AT', licenseId: license.licenseId, license: 'Starter', type: 'doma', isPlatform: false, usersNumber: 0, groupsNumber: 0, runningNow: 0, Accounts: [] });
    expect(created.data.licenseDetails?.orgId).toBe(created.data.id);
    expect(created.data.detailNumber).toBeGreaterThan(1);

    const again = await sendJson(t, endpoints.organizations.create, 'POST', { name: 'Acme Two', licenseId: license.licenseId }, admin);
    expect((await errorOf(again, 409)).message).toBe(LICENSE_MESSAGES.alreadyBound);
    const unknown = await sendJson(t, endpoints.organizations.create, 'POST', { name: 'Acme Three', licenseId: 'nope' }, admin);
    expect(await errorOf(unknown, 400)).toMatchObject({ message: LICENSE_MESSAGES.notFound, fieldErrors: { licenseId: ['NotFound'] } });
    const { data: other } = await newLicense();
    const sameName = await sendJson(t, endpoints.organizations.create, 'POST', { name: 'acme testing', licenseId: other.licenseId }, admin);
    expect(await errorOf(sameName, 409)).toMatchObject({ message: ORGANIZATION_MESSAGES.nameTaken, fieldErrors: { name: ['NoneOf'] } });
    // The refused create left the licence free.
    const free = licenseListResponseSchema.parse(await (await get(endpoints.licenses.list)).json()).data.results.find((l) => l.licenseId === other.licenseId);
    expect(free?.orgId).toBeNull();
  });

  it('lists tiles with user counts and shows details; unknown is 404', async () => {
    const client = await licensedOrganization(t);
    await client.tokenFor(['STUDIO']);
    const tiles = organizationListResponseSchema.parse(await (await get(endpoints.organizations.list)).json()).data;
    expect(tiles[0]).toMatchObject({ isPlatform: true, license: 'Unlimited', date: null, status: 'active', licenseId: null });
    expect(tiles[0]?.usersNumber).toBeGreaterThanOrEqual(1);
    expect(tiles.find((tile) => tile.id === client.orgId)).toMatchObject({ usersNumber: 1, type: 'rpa', license: 'Team', status: 'active' });

    const details = organizationResponseSchema.parse(await (await get(endpoints.organizations.byId(client.orgId))).json()).data;
    expect(details.Accounts).toHaveLength(1);
    expect(details.Accounts[0]).toMatchObject({ active: true });
    expect(details.licenseDetails).toMatchObject({ licenseId: client.licenseId, parallels: 2 });
    expect((await errorOf(await get(endpoints.organizations.byId('no-such-org')), 404)).message).toBe(ORGANIZATION_MESSAGES.notFound);
  });

  it('renames an organization, refusing a taken name', async () => {
    const client = await licensedOrganization(t);
    const renamed = await sendJson(t, endpoints.organizations.byId(client.orgId), 'PUT', { name: '  Renamed Client  ' }, admin);
    expect(renamed.status).toBe(200);
    const saved = organizationSavedResponseSchema.parse(await renamed.json());
    expect([saved.message, saved.data.name]).toEqual([ORGANIZATION_MESSAGES.saved, 'Renamed Client']);
    const taken = await sendJson(t, endpoints.organizations.byId(client.orgId), 'PUT', { name: 'Default Organization' }, admin);
    expect((await errorOf(taken, 409)).message).toBe(ORGANIZATION_MESSAGES.nameTaken);
    const unknown = await sendJson(t, endpoints.organizations.byId('missing'), 'PUT', { name: 'Whatever' }, admin);
    expect((await errorOf(unknown, 404)).message).toBe(ORGANIZATION_MESSAGES.notFound);
  });

  it("lets an organization administrator read its own organization only; others' are 404", async () => {
    const client = await licensedOrganization(t);
    const orgAdmin = await client.tokenFor(['ORGANIZATIONS_MANAGEMENT']);
    const platformOrgId = (await t.server.services.db.selectFrom('organizations').select('id').where('is_platform', '=', 1).executeTakeFirstOrThrow()).id;

    const tiles = organizationListResponseSchema.parse(await (await get(endpoints.organizations.list, orgAdmin)).json()).data;
    expect(tiles.map((tile) => tile.id)).toEqual([client.orgId]);
    expect((await get(endpoints.organizations.byId(client.orgId), orgAdmin)).status).toBe(200);
    expect((await errorOf(await get(endpoints.organizations.byId(platformOrgId), orgAdmin), 404)).message).toBe(ORGANIZATION_MESSAGES.notFound);
    const otherClient = await licensedOrganization(t);
    await errorOf(await get(endpoints.organizations.byId(otherClient.orgId), orgAdmin), 404);
    await errorOf(await sendJson(t, endpoints.organizations.byId(otherClient.orgId), 'PUT', { name: 'Taken over' }, orgAdmin), 404);
    // Its own organization is read-only to it; licences and new organizations are the platform's.
    await errorOf(await sendJson(t, endpoints.organizations.byId(client.orgId), 'PUT', { name: 'Self renamed' }, orgAdmin), 403);
    await errorOf(await get(endpoints.licenses.list, orgAdmin), 403);
    await errorOf(await sendJson(t, endpoints.licenses.create, 'POST', LICENSE_INPUT, orgAdmin), 403);
    await errorOf(await sendJson(t, endpoints.licenses.byId(client.licenseId), 'PUT', LICENSE_INPUT, orgAdmin), 403);
    const { data: free } = await newLicense();
    await errorOf(await sendJson(t, endpoints.organizations.create, 'POST', { name: 'Sneaky', licenseId: free.licenseId }, orgAdmin), 403);

    // An organization made before licences (no licence) is unlimited, and the same rules hold for it.
    const legacy = await tokenInAnotherOrganization(t, ['ORGANIZATIONS_MANAGEMENT']);
    const own = organizationListResponseSchema.parse(await (await get(endpoints.organizations.list, legacy)).json()).data;
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ license: 'Unlimited', isPlatform: false });
    await errorOf(await get(endpoints.organizations.byId(client.orgId), legacy), 404);
  });

  it('needs ORGANIZATIONS_MANAGEMENT', async () => {
    const studio = await t.tokenFor(await t.createUser(['STUDIO']));
    expect((await get(endpoints.organizations.list, studio)).status).toBe(403);
    expect((await get(endpoints.licenses.list, studio)).status).toBe(403);
  });
});
