import { createRoute } from '@hono/zod-openapi';
import { FLOW_LISTS } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import {
  collectionNotFoundMessage,
  flowNotInCollectionMessage,
  flowQuarantineResponseSchema,
  QUARANTINE_MESSAGES,
  quarantineFlowRequestSchema,
} from '../../../shared/contracts/quarantine';
import { endpoints } from '../../../shared/endpoints';
import { findCollection } from '../../collections/repository';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { QUARANTINE_MANAGEMENT } from '../access';
import { saveQuarantine, toFlowQuarantine } from '../repository';

export function registerQuarantineFlow({ app, endpoint, services }: Api): void {
  const route = endpoint(
    QUARANTINE_MANAGEMENT,
    createRoute({
      method: 'post',
      path: endpoints.quarantine.quarantineFlow,
      tags: ['Quarantine'],
      summary: 'Put a flow of a collection in quarantine, with a reason',
      description:
        'A quarantined flow still runs and is reported, but its failure does not make the run FAILED, mail a failure or file to Jira. ' +
        'Quarantining a flow again replaces its reason. The platform releases it after 5 consecutive passes.',
      request: { body: { required: true, content: { 'application/json': { schema: quarantineFlowRequestSchema } } } },
      responses: {
        200: { description: 'The flow is in quarantine.', content: { 'application/json': { schema: flowQuarantineResponseSchema } } },
        404: { description: "No such collection in the caller's organization, or no such flow in it.", content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { collectionId, flowId, reason } = c.req.valid('json');
    const user = currentUser(c).row;
    const collection = await findCollection(services.db, collectionId, user.org_id);
    if (!collection) throw new ApiError(404, collectionNotFoundMessage(collectionId));
    const flow = FLOW_LISTS.flatMap((list) => collection[list]).find((candidate) => candidate.testCaseId === flowId);
    if (!flow) throw new ApiError(404, flowNotInCollectionMessage(collectionId, flowId));
    const row = await saveQuarantine(
      services.db,
      { orgId: user.org_id, collectionId, flowId },
      { flowName: flow.testCaseName, reason, by: user.user_id, at: new Date().toISOString() },
    );
    return c.json({ success: true as const, message: QUARANTINE_MESSAGES.quarantined, data: toFlowQuarantine(row) }, 200);
  });
}
