import { licenseResponseSchema, organizationSavedResponseSchema, type LicenseInput } from '../../shared/contracts/organizations';
import { endpoints } from '../../shared/endpoints';
import type { Permission } from '../../shared/permissions';
import { hashPassword } from '../auth/passwords';
import { insertUser } from '../users/repository';
import type { TestServer } from './testServer';

export const LICENSE_INPUT: LicenseInput = {
  licenseName: 'Team',
  product: 'RPA',
  trial: false,
  users: 5,
  durationDays: 365,
  parallels: 2,
  credit: null,
};

let counter = 0;

export interface LicensedOrganization {
  orgId: string;
  licenseId: string;
  /** Signs in a new user of the organization holding `features`. */
  tokenFor(features: readonly Permission[]): Promise<string>;
}

/** Sends a JSON body as the test server's administrator (a platform administrator) or as `token`. */
export async function sendJson(t: TestServer, path: string, method: string, body: unknown, token?: string): Promise<Response> {
  return t.request(path, {
    method,
    token: token ?? (await t.tokenFor(t.admin)),
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** A licence made and bound to a new organization through the API by the platform administrator. */
export async function licensedOrganization(t: TestServer, license: Partial<LicenseInput> = {}): Promise<LicensedOrganization> {
  counter += 1;
  const adminToken = await t.tokenFor(t.admin);
  const created = await sendJson(t, endpoints.licenses.create, 'POST', { ...LICENSE_INPUT, ...license }, adminToken);
  if (created.status !== 200) throw new Error(`POST licenses answered ${created.status}: ${await created.text()}`);
  const licenseId = licenseResponseSchema.parse(await created.json()).data.licenseId;
  const org = await sendJson(t, endpoints.organizations.create, 'POST', { name: `Client ${counter} ${licenseId}`, licenseId }, adminToken);
  if (org.status !== 200) throw new Error(`POST organizations answered ${org.status}: ${await org.text()}`);
  const orgId = organizationSavedResponseSchema.parse(await org.json()).data.id;
  let users = 0;
  return {
    orgId,
    licenseId,
    async tokenFor(features) {
      users += 1;
      const email = `member${users}-${orgId}@example.test`;
      await insertUser(t.server.services.db, { email, passwordHash: await hashPassword('member-pass', t.server.services.passwordHashCost), orgId, features: [...features] });
      return t.tokenFor({ id: '', email, password: 'member-pass' });
    },
  };
}
