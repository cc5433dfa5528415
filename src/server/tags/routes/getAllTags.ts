import { createRoute } from '@hono/zod-openapi';
import { tagListResponseSchema } from '../../../shared/contracts/collections';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { listTags } from '../repository';

export function registerGetAllTags({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.tags.all,
      tags: ['Tags'],
      summary: "The caller's organization tags and version tags",
      responses: { 200: { description: 'Every tag, hidden ones included.', content: { 'application/json': { schema: tagListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => c.json({ success: true as const, data: await listTags(services.db, currentUser(c).row.org_id) }, 200));
}
