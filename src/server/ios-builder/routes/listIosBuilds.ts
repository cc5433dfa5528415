import { createRoute } from '@hono/zod-openapi';
import { iosBuildListResponseSchema } from '../../../shared/contracts/ios-builder';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { IOS_BUILDER_ACCESS, IOS_BUILDER_TAG } from '../access';
import { buildOf, failStaleBuilds, latestBuild } from '../repository';

export function registerListIosBuilds({ app, endpoint, services }: Api): void {
  const route = endpoint(
    IOS_BUILDER_ACCESS,
    createRoute({
      method: 'get',
      path: endpoints.iosBuilder.list,
      tags: [IOS_BUILDER_TAG],
      summary: "The organization's latest iOS gateway client build (polled every 5 s)",
      description: 'data is null when the organization never started a build. Only a FINISHED build has a URL: GET it with the bearer token.',
      responses: { 200: { description: 'The latest build.', content: { 'application/json': { schema: iosBuildListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const user = currentUser(c);
    const orgId = user.row.org_id;
    await failStaleBuilds(services.db, orgId);
    return services.pollCache.json(c, user.row.id, async () => {
      const row = await latestBuild(services.db, orgId);
      return { success: true as const, data: row ? buildOf(row) : null };
    });
  });
}
