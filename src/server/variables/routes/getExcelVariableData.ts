import { createRoute } from '@hono/zod-openapi';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { excelVariableDataResponseSchema, variableIdQuerySchema, VARIABLE_MESSAGES } from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { VARIABLES_TAG } from '../variableApi';
import { excelDataOf, requireVariable } from '../repository';

export function registerGetExcelVariableData({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'DATASOURCE_INPUT',
    createRoute({
      method: 'get',
      path: endpoints.variables.excelData,
      tags: [VARIABLES_TAG],
      summary: "An Excel variable's mapping (variableName, columnName) and rows",
      description: 'excelRows[N - 1] is Data Row N, keyed by the mapping’s variableName.',
      request: { query: variableIdQuerySchema },
      responses: {
        200: { description: 'The sheet.', content: { 'application/json': { schema: excelVariableDataResponseSchema } } },
        400: { description: 'The variable is not an Excel variable.', content: { 'application/json': { schema: errorBodySchema } } },
        404: { description: 'No such variable in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const row = await requireVariable(services.db, c.req.valid('query').id, currentUser(c));
    if (row.value_type !== 'Excel') throw new ApiError(400, VARIABLE_MESSAGES.notExcel(row.variable_name));
    return c.json({ success: true as const, message: '', data: await excelDataOf(services.db, row) }, 200);
  });
}
