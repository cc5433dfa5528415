import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { FIELD_ERROR_KEYS } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { updateVariableSchema, VARIABLE_MESSAGES, variableResponseSchema } from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { savedAnswer, VARIABLES_TAG } from '../variableApi';
import { assertResourcesExist, requireActiveVariable, updateVariableRow, variableOf } from '../repository';

export function registerUpdateVariable({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'authenticated',
    createRoute({
      method: 'put',
      path: endpoints.variables.update,
      tags: [VARIABLES_TAG],
      summary: 'Update a variable: name, value and type (String or Resource)',
      description:
        'An Excel variable may be renamed here (its value is its sheet); a new sheet goes through updateExcelVariable. The ' +
        'variable stays active: removal is PUT delete.',
      request: { body: { required: true, content: { 'application/json': { schema: updateVariableSchema } } } },
      responses: {
        200: { description: "Saved ('Variable Saved').", content: { 'application/json': { schema: variableResponseSchema } } },
        404: { description: 'No active variable of that id in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'Another active variable has that name (fieldErrors NoneOf).', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const body = c.req.valid('json');
    const row = await requireActiveVariable(services.db, body.id, currentUser(c));
    if ((row.value_type === 'Excel') !== (body.valueType === 'Excel')) {
      throw new ApiError(400, VARIABLE_MESSAGES.valueTypeFixed, {}, { valueType: [FIELD_ERROR_KEYS.pattern] });
    }
    if (body.valueType === 'Resource') await assertResourcesExist(services.db, body.value);
    const updated = await auditedChange(services.db, c, { entityType: 'variable', entityId: row.id }, (db) => updateVariableRow(db, row, body));
    return c.json(savedAnswer(await variableOf(services.db, updated)), 200);
  });
}
