import { createRoute, z } from '@hono/zod-openapi';
import { organizationResponseSchema } from '../../../shared/contracts/organizations';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { canSee, organizationCaller, organizationNotFound } from '../access';
import { organizationDetails } from '../repository';
import { ORGANIZATIONS_TAG } from './listOrganizations';

export const organizationIdParams = z.object({ id: z.string().min(1).max(64) });

export function registerGetOrganization({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: `${endpoints.organizations.list}/{id}`,
      tags: [ORGANIZATIONS_TAG],
      summary: "An organization's details: licence, accounts, runs executing now",
      request: { params: organizationIdParams },
      responses: {
        200: { description: 'The details.', content: { 'application/json': { schema: organizationResponseSchema } } },
        404: { description: 'No such organization, or not the caller’s own (for anyone but a platform administrator).' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { id } = c.req.valid('param');
    const caller = await organizationCaller(services.db, c);
    const details = canSee(caller, id) ? await organizationDetails(services.db, id, Date.now()) : undefined;
    if (!details) throw organizationNotFound();
    return c.json({ success: true as const, data: details }, 200);
  });
}
