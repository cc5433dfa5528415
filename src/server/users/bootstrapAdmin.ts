import { randomUUID } from 'node:crypto';
import { PERMISSIONS } from '../../shared/permissions';
import { generatePassword, hashPassword, type PasswordHashCost } from '../auth/passwords';
import type { Db } from '../db/database';
import { countUsers, insertUser, normalizeUserId } from './repository';

export const DEFAULT_ADMIN_EMAIL = 'admin@studio.local';
export const DEFAULT_ORGANIZATION_NAME = 'Default Organization';

export type AdminBootstrap = { created: true; email: string; password: string } | { created: false };

export interface AdminCredentials {
  email?: string | undefined;
  password?: string | undefined;
}

/**
 * On the first start (no user yet) creates the default organization and an administrator holding every
 * permission, with the given credentials or a generated password. Later starts keep the existing accounts.
 */
export async function ensureAdministrator(db: Db, credentials: AdminCredentials, hashCost: PasswordHashCost): Promise<AdminBootstrap> {
  if ((await countUsers(db)) > 0) return { created: false };
  const email = normalizeUserId(credentials.email || DEFAULT_ADMIN_EMAIL);
  const password = credentials.password || generatePassword();
  const passwordHash = await hashPassword(password, hashCost);
  await db.transaction().execute(async (trx) => {
    const orgId = randomUUID();
    await trx
      .insertInto('organizations')
      // The platform's own organization: its administrators manage every other one (organizations/access.ts).
      .values({ id: orgId, name: DEFAULT_ORGANIZATION_NAME, license_type: 'RTA', created_at: new Date().toISOString(), is_platform: 1, detail_number: 1 })
      .execute();
    await insertUser(trx, {
      email,
      passwordHash,
      orgId,
      firstName: 'Studio',
      lastName: 'Administrator',
      roleName: 'Administrator',
      roleDescription: 'Platform administrator holding every permission',
      features: PERMISSIONS,
    });
  });
  return { created: true, email, password };
}
