import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { newVariableSchema, variableResponseSchema } from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { savedAnswer, VARIABLES_TAG } from '../variableApi';
import { assertResourcesExist, insertVariable, variableOf, type VariableRow } from '../repository';

export function registerCreateVariable({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'post',
      path: endpoints.variables.create,
      tags: [VARIABLES_TAG],
      summary: 'Create a String or Resource variable (active)',
      description: 'A Resource variable holds 1 to 5 registered resource ids. Excel variables are created with createExcelVariable.',
      request: { body: { required: true, content: { 'application/json': { schema: newVariableSchema } } } },
      responses: {
        200: { description: "Saved ('Variable Saved').", content: { 'application/json': { schema: variableResponseSchema } } },
        409: { description: 'An active variable (or a system variable) has that name (fieldErrors NoneOf).', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const body = c.req.valid('json');
    if (body.valueType === 'Resource') await assertResourcesExist(services.db, body.value);
    const user = currentUser(c);
    const row = await auditedChange(services.db, c, { entityType: 'variable', entityId: (created: VariableRow) => created.id }, (db) =>
      insertVariable(db, body, { orgId: user.row.org_id, userId: user.row.user_id }),
    );
    return c.json(savedAnswer(await variableOf(services.db, row)), 200);
  });
}
