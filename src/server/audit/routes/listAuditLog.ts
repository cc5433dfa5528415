import { createRoute } from '@hono/zod-openapi';
import { auditListResponseSchema, auditQuerySchema } from '../../../shared/contracts/audit';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { organizationCaller } from '../../organizations/access';
import { administeredOrgId } from '../../users/scope';
import { listAuditActors, listAuditEntries } from '../repository';

export function registerListAuditLog({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: endpoints.audit.list,
      tags: ['Audit'],
      summary:
        "Administrative changes, newest first: the caller's organization's, or for a platform administrator every organization's (?orgId= narrows it)",
      request: { query: auditQuerySchema },
      responses: {
        200: { description: 'One page of entries.', content: { 'application/json': { schema: auditListResponseSchema } } },
        404: { description: 'Another organization than the caller’s (not a platform administrator), or none of that id.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { page, pageSize, orgId: requested, ...filters } = c.req.valid('query');
    const caller = await organizationCaller(services.db, c);
    const orgId = requested === undefined && caller.isPlatformAdmin ? undefined : await administeredOrgId(services.db, c, requested);
    const { entries, total } = await listAuditEntries(services.db, { ...filters, orgId }, page, pageSize);
    const users = await listAuditActors(services.db, orgId);
    return c.json({ success: true as const, data: { entries, total, page, pageSize, users } }, 200);
  });
}
