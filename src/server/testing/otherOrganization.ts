import { randomUUID } from 'node:crypto';
import type { Permission } from '../../shared/permissions';
import { hashPassword } from '../auth/passwords';
import { insertUser } from '../users/repository';
import type { TestServer } from './testServer';

/** A new organization with one user holding `features`, signed in: the organization and the user's access token. */
export async function anotherOrganization(t: TestServer, features: readonly Permission[]): Promise<{ orgId: string; userId: string; token: string }> {
  const db = t.server.services.db;
  const orgId = randomUUID();
  const email = `other-${orgId}@example.test`;
  await db.insertInto('organizations').values({ id: orgId, name: `Other ${orgId}`, license_type: 'RTA', created_at: new Date().toISOString() }).execute();
  await insertUser(db, { email, passwordHash: await hashPassword('other-pass', t.server.services.passwordHashCost), orgId, features: [...features] });
  return { orgId, userId: email, token: await t.tokenFor({ id: '', email, password: 'other-pass' }) };
}

/** A new organization with one user holding `features`, signed in: its access token. */
export async function tokenInAnotherOrganization(t: TestServer, features: readonly Permission[]): Promise<string> {
  return (await anotherOrganization(t, features)).token;
}
