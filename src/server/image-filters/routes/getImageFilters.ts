import { createRoute } from '@hono/zod-openapi';
import { imageFiltersResponseSchema } from '../../../shared/contracts/image-filters';
import { endpoints } from '../../../shared/endpoints';
import type { Api } from '../../services';
import { listImageFilterGroups } from '../repository';

export function registerGetImageFilters({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'ORGANIZATIONS_MANAGEMENT',
    createRoute({
      method: 'get',
      path: endpoints.imageFilters.list,
      tags: ['Image filters'],
      summary: 'Every image filter, grouped by kind',
      responses: {
        200: {
          description: 'data is a JSON string of {platforms, apps, resolutions, functionalities}, each a list of {id, type, name}.',
          content: { 'application/json': { schema: imageFiltersResponseSchema } },
        },
      },
    }),
  );

  app.openapi(route, async (c) =>
    // The spec's client parses `data` itself, so the groups travel as a JSON string inside the JSON answer.
    c.json({ status: true as const, data: JSON.stringify(await listImageFilterGroups(services.db)) }, 200),
  );
}
