import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { FIELD_ERROR_KEYS } from '../../../shared/contracts/collections';
import {
  createFailureLabelRequestSchema,
  FAILURE_LABEL_CREATED_MESSAGE,
  failureLabelIdTakenMessage,
  failureLabelResponseSchema,
} from '../../../shared/contracts/labels';
import { endpoints } from '../../../shared/endpoints';
import { isPrimaryKeyViolation } from '../../db/dialect';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { withUniqueLabelName } from '../labelErrors';
import { findFailureLabel, insertFailureLabel } from '../repository';

export function registerCreateFailureLabel({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'post',
      path: endpoints.failureLabels.create,
      tags: ['Failure labels'],
      summary: "Create a failure label in the caller's organization",
      description:
        'labelId, optional, is the id the client made for the new label (a UUID), so it can attach the label to a run ' +
        'before the create reached the server. A create repeating a label of that id and name answers that label; an id ' +
        'already taken otherwise answers 409.',
      request: { body: { required: true, content: { 'application/json': { schema: createFailureLabelRequestSchema } } } },
      responses: {
        200: { description: 'Created.', content: { 'application/json': { schema: failureLabelResponseSchema } } },
        409: { description: 'A label of that name, or of that labelId, exists (fieldErrors NoneOf).', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { labelName, labelId } = c.req.valid('json');
    const orgId = currentUser(c).row.org_id;
    // The same create sent again (its answer was lost) finds its label: the outcome it wanted, not a conflict.
    const existing = labelId === undefined ? undefined : await findFailureLabel(services.db, orgId, labelId);
    if (existing?.labelName === labelName) return c.json({ status: true as const, message: FAILURE_LABEL_CREATED_MESSAGE, data: existing }, 200);
    try {
      const label = await withUniqueLabelName(labelName, () => insertFailureLabel(services.db, orgId, labelName, labelId));
      return c.json({ status: true as const, message: FAILURE_LABEL_CREATED_MESSAGE, data: label }, 200);
    } catch (error) {
      if (labelId === undefined || !isPrimaryKeyViolation(error)) throw error;
      throw new ApiError(409, failureLabelIdTakenMessage(labelId), {}, { labelId: [FIELD_ERROR_KEYS.noneOf] });
    }
  });
}
