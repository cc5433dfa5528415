import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { retentionResponseSchema } from '../../../shared/contracts/retention';
import { endpoints } from '../../../shared/endpoints';
import type { Db } from '../../db/database';
import type { AppEnv } from '../../http/appEnv';
import { canSee, organizationCaller, organizationNotFound } from '../../organizations/access';
import { organizationIdParams } from '../../organizations/routes/getOrganization';
import type { Api } from '../../services';
import { retentionOf } from '../repository';

export const RETENTION_TAG = 'Retention';
export const RETENTION_PATH = `${endpoints.organizations.list}/{id}/retention`;

/**
 * The organization whose retention the caller may read and set: any for a platform administrator, its own for an
 * organization administrator (as the organization's details: another one is 404 to it).
 */
export async function retentionOrganization(db: Db, c: Context<AppEnv>, id: string): Promise<string> {
  if (!canSee(await organizationCaller(db, c), id)) throw organizationNotFound();
  const organization = await db.selectFrom('organizations').select('id').where('id', '=', id).executeTakeFirst();
  if (!organization) throw organizationNotFound();
  return organization.id;
}

export function registerGetRetention({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: RETENTION_PATH,
      tags: [RETENTION_TAG],
      summary: "An organization's retention: days its runs, their files and its audit trail are kept",
      request: { params: organizationIdParams },
      responses: {
        200: { description: 'The setting (the defaults when none was saved).', content: { 'application/json': { schema: retentionResponseSchema } } },
        404: { description: 'No such organization, or not the caller’s own (for anyone but a platform administrator).' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const orgId = await retentionOrganization(services.db, c, c.req.valid('param').id);
    return c.json({ success: true as const, data: await retentionOf(services.db, orgId) }, 200);
  });
}
