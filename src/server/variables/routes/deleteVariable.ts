import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { VARIABLE_MESSAGES, variableIdBodySchema, variableRemovedResponseSchema } from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { VARIABLES_TAG } from '../variableApi';
import { deactivateVariable, requireActiveVariable } from '../repository';
import { collectionsUsing } from '../variableUsage';

export function registerDeleteVariable({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'put',
      path: endpoints.variables.remove,
      tags: [VARIABLES_TAG],
      summary: 'Remove a variable (its status becomes inactive)',
      description: "A variable that collections use is kept: 409 'Varible in Use, Collections [names]' (see usage).",
      request: { body: { required: true, content: { 'application/json': { schema: variableIdBodySchema } } } },
      responses: {
        200: { description: "Removed ('Variable Removed').", content: { 'application/json': { schema: variableRemovedResponseSchema } } },
        404: { description: 'No active variable of that id in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'Collections use it.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const row = await requireActiveVariable(services.db, c.req.valid('json').id, currentUser(c));
    const collections = await collectionsUsing(services.db, row);
    if (collections.length > 0) throw new ApiError(409, VARIABLE_MESSAGES.inUse(collections.map((collection) => collection.testSuiteName)));
    await auditedChange(services.db, c, { entityType: 'variable', entityId: row.id }, (db) => deactivateVariable(db, row.id));
    return c.json({ success: true as const, message: VARIABLE_MESSAGES.removed }, 200);
  });
}
