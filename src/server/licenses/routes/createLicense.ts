import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { LICENSE_MESSAGES, licenseInputSchema, licenseResponseSchema } from '../../../shared/contracts/organizations';
import { endpoints } from '../../../shared/endpoints';
import { requirePlatformAdmin } from '../../organizations/access';
import type { Api } from '../../services';
import { insertLicense, toLicense, type LicenseRow } from '../repository';
import { LICENSES_TAG } from './listLicenses';

export function registerCreateLicense({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'post',
      path: endpoints.licenses.create,
      tags: [LICENSES_TAG],
      summary: 'Create a free licence starting now (platform administrators)',
      request: { body: { required: true, content: { 'application/json': { schema: licenseInputSchema } } } },
      responses: { 200: { description: 'Created.', content: { 'application/json': { schema: licenseResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    await requirePlatformAdmin(services.db, c);
    const now = Date.now();
    const row = await auditedChange(services.db, c, { entityType: 'license', entityId: (created: LicenseRow) => created.id }, (db) => insertLicense(db, c.req.valid('json'), now));
    return c.json({ success: true as const, message: LICENSE_MESSAGES.created, data: toLicense(row, now) }, 200);
  });
}
