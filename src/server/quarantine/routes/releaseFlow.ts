import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { flowNotQuarantinedMessage, flowQuarantineResponseSchema, QUARANTINE_MESSAGES, releaseFlowRequestSchema } from '../../../shared/contracts/quarantine';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { QUARANTINE_MANAGEMENT } from '../access';
import { findQuarantine, releaseQuarantine, toFlowQuarantine } from '../repository';

export function registerReleaseFlow({ app, endpoint, services }: Api): void {
  const route = endpoint(
    QUARANTINE_MANAGEMENT,
    createRoute({
      method: 'post',
      path: endpoints.quarantine.releaseFlow,
      tags: ['Quarantine'],
      summary: 'Release a flow from quarantine: its failures fail its collection’s runs again',
      request: { body: { required: true, content: { 'application/json': { schema: releaseFlowRequestSchema } } } },
      responses: {
        200: { description: 'The flow is released.', content: { 'application/json': { schema: flowQuarantineResponseSchema } } },
        409: { description: "The flow is not in quarantine in the caller's organization.", content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { collectionId, flowId } = c.req.valid('json');
    const user = currentUser(c).row;
    const key = { orgId: user.org_id, collectionId, flowId };
    const released = await releaseQuarantine(services.db, key, { kind: 'MANUAL', by: user.user_id, at: new Date().toISOString(), statusId: null });
    const row = released ? await findQuarantine(services.db, key) : undefined;
    if (!row) throw new ApiError(409, flowNotQuarantinedMessage(flowId));
    return c.json({ success: true as const, message: QUARANTINE_MESSAGES.released, data: toFlowQuarantine(row) }, 200);
  });
}
