import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { updateExcelVariableFieldsSchema, VARIABLE_MESSAGES, variableResponseSchema } from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { EXCEL_UPLOAD_DESCRIPTION, excelUploadFormSchema, limitExcelUpload, readExcelUpload } from '../excelUpload';
import { savedAnswer, VARIABLES_TAG } from '../variableApi';
import { requireActiveVariable, updateVariableRow, variableOf } from '../repository';

export function registerUpdateExcelVariable({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'DATASOURCE_INPUT',
    createRoute({
      method: 'post',
      path: endpoints.variables.updateExcel,
      tags: [VARIABLES_TAG],
      summary: "Replace an Excel variable's sheet (and optionally its name)",
      description: `${EXCEL_UPLOAD_DESCRIPTION} variable.id names the Excel variable; without variable.variableName it keeps its name.`,
      request: { body: { required: false, content: { 'multipart/form-data': { schema: excelUploadFormSchema } } } },
      responses: {
        200: { description: "Saved ('Variable Saved').", content: { 'application/json': { schema: variableResponseSchema } } },
        404: { description: 'No active variable of that id in the organization.', content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'The given name is taken (fieldErrors NoneOf).', content: { 'application/json': { schema: errorBodySchema } } },
        413: { description: 'The file is too large.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );
  limitExcelUpload(app, endpoints.variables.updateExcel);

  app.openapi(route, async (c) => {
    const { fields, fileName, sheet } = await readExcelUpload(c.req.valid('form'), updateExcelVariableFieldsSchema);
    const row = await requireActiveVariable(services.db, fields.id, currentUser(c));
    if (row.value_type !== 'Excel') throw new ApiError(400, VARIABLE_MESSAGES.notExcel(row.variable_name));
    const updated = await auditedChange(services.db, c, { entityType: 'variable', entityId: row.id }, (db) =>
      updateVariableRow(db, row, {
        variableName: fields.variableName ?? row.variable_name,
        value: [],
        variableType: fields.variableType,
        valueType: 'Excel',
        dataSource: fileName,
        sheet,
      }),
    );
    return c.json(savedAnswer(await variableOf(services.db, updated)), 200);
  });
}
