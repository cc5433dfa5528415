import { createRoute, z } from '@hono/zod-openapi';
import { testSuiteFeedResponseSchema } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { TEST_SUITES_FEED_BASE } from '../../../shared/endpoints';
import { requireReadableOrganization } from '../../organizations/access';
import type { Api } from '../../services';
import { listCollections } from '../repository';

export function registerTestSuitesFeed({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: `${TEST_SUITES_FEED_BASE}/{orgId}`,
      tags: ['Collections'],
      summary: "An organization's live test suites with their tags, for selectors and dashboards",
      description: "Any signed-in member reads their own organization's feed; other organizations need ORGANIZATIONS_MANAGEMENT.",
      request: { params: z.object({ orgId: z.string().min(1).max(64) }) },
      responses: {
        200: { description: 'The test suites, by name.', content: { 'application/json': { schema: testSuiteFeedResponseSchema } } },
        404: { description: 'No such organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { orgId } = c.req.valid('param');
    await requireReadableOrganization(services.db, c, orgId);
    const collections = await listCollections(services.db, { orgId });
    const data = collections.map(({ id, testSuiteName, tags, version }) => ({ id, testSuiteName, tags, version }));
    return c.json({ success: true as const, data }, 200);
  });
}
