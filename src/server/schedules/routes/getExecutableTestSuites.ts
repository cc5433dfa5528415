import { createRoute } from '@hono/zod-openapi';
import { executableTestSuitesResponseSchema } from '../../../shared/contracts/schedules';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import { executableTestSuitesOf } from '../scheduleViews';
import type { Api } from '../../services';
import { SCHEDULES_TAG } from '../scheduleLookup';

export function registerGetExecutableTestSuites({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'CONTROL_ROOM',
    createRoute({
      method: 'get',
      path: endpoints.schedules.executableTestSuites,
      tags: [SCHEDULES_TAG],
      summary: 'Collections a schedule can run, by name, with their versions and tags',
      description: "versionTags is keyed by version tag id ('' for a collection without a version).",
      responses: { 200: { description: 'The suites.', content: { 'application/json': { schema: executableTestSuitesResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    return c.json({ success: true as const, message: '', data: await executableTestSuitesOf(services.db, currentUser(c).row.org_id) }, 200);
  });
}
