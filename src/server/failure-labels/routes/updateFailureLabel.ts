import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { FAILURE_LABEL_UPDATED_MESSAGE, failureLabelResponseSchema, updateFailureLabelRequestSchema } from '../../../shared/contracts/labels';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { failureLabelNotFound, withUniqueLabelName } from '../labelErrors';
import { renameFailureLabel } from '../repository';

export function registerUpdateFailureLabel({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'put',
      path: endpoints.failureLabels.update,
      tags: ['Failure labels'],
      summary: 'Rename a failure label',
      request: { body: { required: true, content: { 'application/json': { schema: updateFailureLabelRequestSchema } } } },
      responses: {
        200: { description: 'Renamed.', content: { 'application/json': { schema: failureLabelResponseSchema } } },
        404: { description: "No such label in the caller's organization.", content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'Another label has that name (fieldErrors NoneOf).', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { labelId, labelName } = c.req.valid('json');
    const label = await withUniqueLabelName(labelName, () => renameFailureLabel(services.db, currentUser(c).row.org_id, labelId, labelName));
    if (!label) throw failureLabelNotFound(labelId);
    return c.json({ status: true as const, message: FAILURE_LABEL_UPDATED_MESSAGE, data: label }, 200);
  });
}
