import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  COLLECTION_LABEL_REMOVED_MESSAGE,
  COLLECTION_LABEL_UPDATED_MESSAGE,
  collectionLabelResponseSchema,
  labelNeedsFailedRunMessage,
  updateFailedCollectionLabelRequestSchema,
} from '../../../shared/contracts/labels';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { requireRun, RUN_HISTORY_ACCESS } from '../../runs/runLookup';
import { failureLabelNotFound } from '../labelErrors';
import { attachCollectionLabel, detachCollectionLabel, findFailureLabel } from '../repository';

export function registerUpdateFailedCollectionLabel({ app, endpoint, services }: Api): void {
  const route = endpoint(
    RUN_HISTORY_ACCESS,
    createRoute({
      method: 'put',
      path: endpoints.failureLabels.attachToCollection,
      tags: ['Failure labels'],
      summary: 'Attach a failure label to a failed run, or detach it with labelId null',
      request: { body: { required: true, content: { 'application/json': { schema: updateFailedCollectionLabelRequestSchema } } } },
      responses: {
        200: { description: 'The run label now.', content: { 'application/json': { schema: collectionLabelResponseSchema } } },
        404: { description: "No such run or label in the caller's organization.", content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'The run did not fail: only failed runs carry a failure label.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { statusId, labelId } = c.req.valid('json');
    const user = currentUser(c);
    // The run must be one of the caller's organization: a label never reaches another organization's run.
    const run = await requireRun(services, c, statusId);
    if (labelId === null) {
      await detachCollectionLabel(services.db, user.row.org_id, statusId);
      return c.json({ status: true as const, message: COLLECTION_LABEL_REMOVED_MESSAGE, data: null }, 200);
    }
    const label = await findFailureLabel(services.db, user.row.org_id, labelId);
    if (!label) throw failureLabelNotFound(labelId);
    if (run.state !== 'FAILED') throw new ApiError(409, labelNeedsFailedRunMessage(statusId, run.state));
    await attachCollectionLabel(services.db, statusId, label.labelId, user.row.user_id);
    return c.json({ status: true as const, message: COLLECTION_LABEL_UPDATED_MESSAGE, data: { statusId, ...label } }, 200);
  });
}
