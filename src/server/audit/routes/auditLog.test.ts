import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeJira, type FakeJira } from '../../../../tests/support/jira-server';
import { startSmtpServer, type LoopbackSmtpServer } from '../../../../tests/support/mail-servers';
import { AUDIT_MASK, auditListResponseSchema, type AuditEntry, type AuditQuery } from '../../../shared/contracts/audit';
import { emailConfigResponseSchema } from '../../../shared/contracts/email';
import { groupResponseSchema } from '../../../shared/contracts/groups';
import { licenseResponseSchema } from '../../../shared/contracts/organizations';
import { createUserResponseSchema } from '../../../shared/contracts/users';
import { variableResponseSchema } from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { AUDIT_MASK_CHANGED } from '../mask';
import { LICENSE_INPUT, licensedOrganization, sendJson } from '../../testing/licensedOrganization';
import { browserCollection, dailySchedule, saveCollection } from '../../testing/runFixtures';
import { startTestServer, type TestServer } from '../../testing/testServer';

const STRONG_PASSWORD = 'Audit-trail-pass-7391';
const MAIL_ACCOUNT = { user: 'robot@example.test', password: 'correct horse battery staple' };

describe('the audit trail', { timeout: 60_000 }, () => {
  let t: TestServer;
  let admin: string;
  let platformOrgId: string;
  let jira: FakeJira;
  let smtp: LoopbackSmtpServer;
  beforeAll(async () => {
    t = await startTestServer({ browserPoolSize: 1 });
    admin = await t.tokenFor(t.admin);
    platformOrgId = (await t.server.services.db.selectFrom('users').select('org_id').where('id', '=', t.admin.id).executeTakeFirstOrThrow()).org_id;
    [jira, smtp] = await Promise.all([startFakeJira(), startSmtpServer(MAIL_ACCOUNT)]);
  });
  afterAll(async () => {
    await Promise.all([jira.close(), smtp.close()]);
    await t.close();
  });

  async function ok(response: Response): Promise<unknown> {
    expect(response.status, await response.clone().text()).toBe(200);
    return response.json();
  }
  const send = async (path: string, method: string, body: unknown, token = admin) => ok(await sendJson(t, path, method, body, token));

  async function audit(query: Partial<Record<keyof AuditQuery, string | number>> = {}, token = admin) {
    const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
    return auditListResponseSchema.parse(await ok(await t.request(`${endpoints.audit.list}?${search.toString()}`, { token }))).data;
  }
  /** The entries of one entity, oldest first. */
  async function entriesOf(entityType: AuditEntry['entityType'], entityId: string): Promise<AuditEntry[]> {
    const { entries } = await audit({ entityType, pageSize: 500 });
    return entries.filter((entry) => entry.entityId === entityId).reverse();
  }

  it('records users: create, permissions, deactivation and a password change, with the hash masked', async () => {
    const created = createUserResponseSchema.parse(
      await send(endpoints.users.list, 'POST', { firstName: 'Ada', lastName: 'Audit', emailAddress: 'ada.audit@example.test', password: STRONG_PASSWORD, features: ['STUDIO'] }),
    ).data;
    await send(endpoints.users.permissions(created.id), 'PUT', { features: ['STUDIO', 'CONTROL_ROOM'] });
    await send(endpoints.users.status(created.id), 'PUT', { active: false });
    await send(endpoints.users.status(created.id), 'PUT', { active: false });

    const entries = await entriesOf('user', created.id);
    expect(entries.map((entry) => entry.action)).toEqual(['create', 'update', 'update']);
    const [creation, permissions, deactivation] = entries;
    expect(creation).toMatchObject({ orgId: platformOrgId, userId: t.admin.id, before: null });
    expect(creation?.after).toMatchObject({ user_id: 'ada.audit@example.test', features: ['STUDIO'], password_hash: AUDIT_MASK });
    expect(JSON.stringify(entries)).not.toContain('scrypt');
    expect(permissions?.before).toMatchObject({ features: ['STUDIO'] });
    expect(permissions?.after).toMatchObject({ features: ['STUDIO', 'CONTROL_ROOM'] });
    expect(deactivation?.after).toMatchObject({ active: 0 });

    const self = await t.createUser(['STUDIO']);
    const selfToken = await t.tokenFor(self);
    await send(endpoints.users.changePassword, 'POST', { currentPassword: self.password, newPassword: STRONG_PASSWORD }, selfToken);
    const [change] = await entriesOf('user', self.id);
    expect(change).toMatchObject({ action: 'update', userId: self.id, before: { password_hash: AUDIT_MASK }, after: { password_hash: AUDIT_MASK_CHANGED } });
  });

  it('records licences, organizations and groups', async () => {
    const license = licenseResponseSchema.parse(await send(endpoints.licenses.create, 'POST', { ...LICENSE_INPUT, licenseName: 'Audited' })).data;
    await send(endpoints.licenses.byId(license.licenseId), 'PUT', { ...LICENSE_INPUT, licenseName: 'Audited', users: 9 });
    expect((await entriesOf('license', license.licenseId)).map((entry) => [entry.action, (entry.after as { users: number }).users])).toEqual([
      ['create', 5],
      ['update', 9],
    ]);

    const org = await licensedOrganization(t);
    await send(endpoints.organizations.byId(org.orgId), 'PUT', { name: 'Renamed for the audit' });
    const orgEntries = await entriesOf('organization', org.orgId);
    expect(orgEntries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(orgEntries[1]).toMatchObject({ orgId: org.orgId, orgName: 'Renamed for the audit', after: { name: 'Renamed for the audit' } });

    const group = groupResponseSchema.parse(await send(endpoints.groups.create, 'POST', { name: 'Auditors', description: '', members: [t.admin.id] })).data;
    await send(endpoints.groups.byId(group.id), 'PUT', { name: 'Auditors', description: 'They read the trail', members: [] });
    expect((await t.request(endpoints.groups.byId(group.id), { method: 'DELETE', token: admin })).status).toBe(200);
    const groupEntries = await entriesOf('group', group.id);
    expect(groupEntries.map((entry) => entry.action)).toEqual(['create', 'update', 'delete']);
    expect(groupEntries[1]).toMatchObject({ before: { members: [t.admin.id] }, after: { members: [], description: 'They read the trail' } });
    expect(groupEntries[2]?.after).toBeNull();
  });

  it('records variables, schedules, Jira and email settings, with the API token and mail password masked', async () => {
    const variable = variableResponseSchema.parse(await send(endpoints.variables.create, 'POST', { variableName: 'audited', value: ['one'] })).data;
    await send(endpoints.variables.update, 'PUT', { id: variable.id, variableName: 'audited', value: ['two'] });
    await send(endpoints.variables.remove, 'PUT', { id: variable.id });
    const variableEntries = await entriesOf('variable', variable.id);
    expect(variableEntries.map((entry) => [entry.action, (entry.after as { value: string[] } | null)?.value ?? null])).toEqual([
      ['create', ['one']],
      ['update', ['two']],
      ['delete', null],
    ]);

    const collectionId = await saveCollection(t, admin, browserCollection({ flows: [{ testCaseId: 'f', steps: [{ stepId: 'o', action: 'open', value: t.baseUrl }] }] }));
    const schedule = (await send(endpoints.schedules.save, 'POST', dailySchedule([collectionId], { name: 'Audited nightly' }))) as { data: { id: string } };
    await send(endpoints.schedules.save, 'POST', { ...dailySchedule([collectionId], { name: 'Audited nightly, renamed' }), id: schedule.data.id });
    await send(endpoints.schedules.remove, 'PUT', { id: schedule.data.id });
    const scheduleEntries = await entriesOf('schedule', schedule.data.id);
    expect(scheduleEntries.map((entry) => [entry.action, (entry.after as { name: string } | null)?.name ?? null])).toEqual([
      ['create', 'Audited nightly'],
      ['update', 'Audited nightly, renamed'],
      ['delete', null],
    ]);

    const jiraInput = { baseUrl: jira.baseUrl, userEmail: jira.email, apiToken: jira.token, apiVersion: '3' };
    await send(endpoints.jira.configuration, 'PUT', jiraInput);
    await send(endpoints.jira.configuration, 'PUT', { ...jiraInput, apiToken: 'a-new-secret-token' });
    const jiraEntries = await entriesOf('jira', platformOrgId);
    expect(jiraEntries.map((entry) => entry.action)).toEqual(['create', 'update']);
    expect(jiraEntries[0]?.after).toMatchObject({ base_url: jira.baseUrl, api_token_sealed: AUDIT_MASK });
    expect(jiraEntries[1]?.after).toMatchObject({ api_token_sealed: AUDIT_MASK_CHANGED });

    const mail = { fromEmail: MAIL_ACCOUNT.user, password: MAIL_ACCOUNT.password, emailType: 'SMTP', emailHost: smtp.host, emailPort: smtp.port, enableSsl: false, enableTls: false };
    const config = emailConfigResponseSchema.parse(await send(endpoints.email.configs, 'POST', mail)).data;
    expect((await t.request(endpoints.email.configById(config.configEmailId), { method: 'DELETE', token: admin })).status).toBe(200);
    const mailEntries = await entriesOf('email', config.configEmailId);
    expect(mailEntries.map((entry) => entry.action)).toEqual(['create', 'delete']);
    expect(mailEntries[0]?.after).toMatchObject({ email_host: smtp.host, password_cipher: AUDIT_MASK });

    const trail = JSON.stringify(await audit({ pageSize: 500 }));
    for (const secret of [jira.token, 'a-new-secret-token', MAIL_ACCOUNT.password, STRONG_PASSWORD]) expect(trail).not.toContain(secret);
  });

  it('filters by date range, user, entity type and action, and pages newest first', async () => {
    const all = await audit({ pageSize: 500 });
    expect(all.total).toBe(all.entries.length);
    expect(all.users.map((user) => user.id)).toContain(t.admin.id);
    const deletes = await audit({ action: 'delete', pageSize: 500 });
    expect(deletes.entries.length).toBeGreaterThan(0);
    expect(deletes.entries.every((entry) => entry.action === 'delete')).toBe(true);
    const schedules = await audit({ entityType: 'schedule', userId: t.admin.id });
    expect(schedules.total).toBe(3);
    const firstPage = await audit({ pageSize: 2, page: 1 });
    const secondPage = await audit({ pageSize: 2, page: 2 });
    expect(firstPage.total).toBe(all.total);
    expect([...firstPage.entries, ...secondPage.entries]).toEqual(all.entries.slice(0, 4));
    const newest = all.entries[0];
    if (!newest) throw new Error('no entries');
    expect((await audit({ from: newest.at })).entries.map((entry) => entry.id)).toContain(newest.id);
    expect((await audit({ to: newest.at, pageSize: 500 })).entries.map((entry) => entry.id)).not.toContain(newest.id);
    expect((await audit({ from: new Date(Date.parse(newest.at) + 1).toISOString() })).total).toBe(0);
    expect((await t.request(`${endpoints.audit.list}?from=2026-02-02T00:00:00Z&to=2026-02-01T00:00:00Z`, { token: admin })).status).toBe(400);
    expect((await t.request(`${endpoints.audit.list}?entityType=runs`, { token: admin })).status).toBe(400);
  });

  it("shows an organization's administrators their own organization only, and refuses others with 403", async () => {
    const org = await licensedOrganization(t);
    const orgAdmin = await org.tokenFor(['ORGANIZATIONS_MANAGEMENT', 'CONTROL_ROOM']);
    await send(endpoints.variables.create, 'POST', { variableName: 'their_own', value: ['x'] }, orgAdmin);
    const own = await audit({}, orgAdmin);
    expect(own.entries.length).toBeGreaterThan(0);
    expect(own.entries.every((entry) => entry.orgId === org.orgId)).toBe(true);
    expect((await t.request(`${endpoints.audit.list}?orgId=${platformOrgId}`, { token: orgAdmin })).status).toBe(404);
    // A platform administrator sees every organization, or the one it names.
    expect((await audit({ pageSize: 500 })).entries.some((entry) => entry.orgId === org.orgId)).toBe(true);
    expect((await audit({ orgId: org.orgId })).entries.every((entry) => entry.orgId === org.orgId)).toBe(true);

    const studioOnly = await org.tokenFor(['STUDIO']);
    expect((await t.request(endpoints.audit.list, { token: studioOnly })).status).toBe(403);
    expect((await t.request(endpoints.audit.list)).status).toBe(401);
  });
});
