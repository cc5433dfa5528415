import { createRoute } from '@hono/zod-openapi';
import { failureLabelListResponseSchema } from '../../../shared/contracts/labels';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { listFailureLabels } from '../repository';

export function registerGetFailureLabelList({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'get',
      path: endpoints.failureLabels.list,
      tags: ['Failure labels'],
      summary: "The caller's organization failure labels, by name",
      responses: { 200: { description: 'The labels.', content: { 'application/json': { schema: failureLabelListResponseSchema } } } },
    }),
  );

  app.openapi(route, async (c) => {
    const labels = await listFailureLabels(services.db, currentUser(c).row.org_id);
    return c.json({ status: true as const, message: 'Success', data: labels }, 200);
  });
}
