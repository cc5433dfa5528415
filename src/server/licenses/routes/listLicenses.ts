import { createRoute } from '@hono/zod-openapi';
import { licenseListResponseSchema } from '../../../shared/contracts/organizations';
import { endpoints } from '../../../shared/endpoints';
import { requirePlatformAdmin } from '../../organizations/access';
import type { Api } from '../../services';
import { listLicenseRows, toLicense } from '../repository';

export const LICENSES_TAG = 'Licences';

export function registerListLicenses({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: endpoints.licenses.list,
      tags: [LICENSES_TAG],
      summary: 'Every licence, free or bound (platform administrators)',
      responses: { 200: { description: 'data.results lists them, oldest first.', content: { 'application/json': { schema: licenseListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    await requirePlatformAdmin(services.db, c);
    const now = Date.now();
    const results = (await listLicenseRows(services.db)).map((row) => toLicense(row, now));
    return c.json({ success: true as const, data: { results } }, 200);
  });
}
