import { createRoute, z } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { LICENSE_MESSAGES, licenseInputSchema, licenseResponseSchema } from '../../../shared/contracts/organizations';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { requirePlatformAdmin } from '../../organizations/access';
import type { Api } from '../../services';
import { toLicense, updateLicense } from '../repository';
import { LICENSES_TAG } from './listLicenses';

export function registerUpdateLicense({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'put',
      path: `${endpoints.licenses.list}/{id}`,
      tags: [LICENSES_TAG],
      summary: "Save a licence's terms (platform administrators)",
      description: 'The expiry stays startsAt + durationDays; an expired licence is renewed: it starts again now.',
      request: {
        params: z.object({ id: z.string().min(1).max(64) }),
        body: { required: true, content: { 'application/json': { schema: licenseInputSchema } } },
      },
      responses: {
        200: { description: 'Saved.', content: { 'application/json': { schema: licenseResponseSchema } } },
        404: { description: 'No such licence.' },
      },
    }),
  );

  app.openapi(route, async (c) => {
    await requirePlatformAdmin(services.db, c);
    const now = Date.now();
    const { id } = c.req.valid('param');
    const row = await auditedChange(services.db, c, { entityType: 'license', entityId: id }, (db) => updateLicense(db, id, c.req.valid('json'), now));
    if (!row) throw new ApiError(404, LICENSE_MESSAGES.notFound);
    return c.json({ success: true as const, message: LICENSE_MESSAGES.saved, data: toLicense(row, now) }, 200);
  });
}
