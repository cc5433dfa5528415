import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { createFailureLabelRequestSchema, FAILURE_LABEL_CREATED_MESSAGE, failureLabelResponseSchema } from '../../../shared/contracts/labels';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { withUniqueLabelName } from './labelErrors';
import { insertFailureLabel } from './labelRepository';

export function registerCreateFailureLabel({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'post',
      path: endpoints.failureLabels.create,
      tags: ['Failure labels'],
      summary: "Create a failure label in the caller's organization",
      request: { body: { required: true, content: { 'application/json': { schema: createFailureLabelRequestSchema } } } },
      responses: {
        200: { description: 'Created.', content: { 'application/json': { schema: failureLabelResponseSchema } } },
        409: { description: 'A label of that name exists (fieldErrors NoneOf).', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { labelName } = c.req.valid('json');
    const label = await withUniqueLabelName(labelName, () => insertFailureLabel(services.db, currentUser(c).row.org_id, labelName));
    return c.json({ status: true as const, message: FAILURE_LABEL_CREATED_MESSAGE, data: label }, 200);
  });
}
