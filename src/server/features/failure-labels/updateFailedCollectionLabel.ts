import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  COLLECTION_LABEL_REMOVED_MESSAGE,
  COLLECTION_LABEL_UPDATED_MESSAGE,
  collectionLabelResponseSchema,
  updateFailedCollectionLabelRequestSchema,
} from '../../../shared/contracts/labels';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { failureLabelNotFound } from './labelErrors';
import { attachCollectionLabel, detachCollectionLabel, findFailureLabel } from './labelRepository';

export function registerUpdateFailedCollectionLabel({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'put',
      path: endpoints.failureLabels.attachToCollection,
      tags: ['Failure labels'],
      summary: 'Attach a failure label to a failed run, or detach it with labelId null',
      request: { body: { required: true, content: { 'application/json': { schema: updateFailedCollectionLabelRequestSchema } } } },
      responses: {
        200: { description: 'The run label now.', content: { 'application/json': { schema: collectionLabelResponseSchema } } },
        404: { description: "No such label in the caller's organization.", content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { statusId, labelId } = c.req.valid('json');
    const user = currentUser(c);
    if (labelId === null) {
      await detachCollectionLabel(services.db, user.row.org_id, statusId);
      return c.json({ status: true as const, message: COLLECTION_LABEL_REMOVED_MESSAGE, data: null }, 200);
    }
    const label = await findFailureLabel(services.db, user.row.org_id, labelId);
    if (!label) throw failureLabelNotFound(labelId);
    await attachCollectionLabel(services.db, statusId, label.labelId, user.row.user_id);
    return c.json({ status: true as const, message: COLLECTION_LABEL_UPDATED_MESSAGE, data: { statusId, ...label } }, 200);
  });
}
