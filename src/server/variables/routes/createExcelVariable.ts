import { createRoute } from '@hono/zod-openapi';
import { auditedChange } from '../../audit/recordAudit';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { excelVariableFieldsSchema, variableResponseSchema } from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { currentUser } from '../../http/appEnv';
import type { Api } from '../../services';
import { EXCEL_UPLOAD_DESCRIPTION, excelUploadFormSchema, limitExcelUpload, nameFromFileName, readExcelUpload } from '../excelUpload';
import { savedAnswer, VARIABLES_TAG } from '../variableApi';
import { freeVariableName, insertVariable, variableOf, type VariableRow } from '../repository';

export function registerCreateExcelVariable({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'DATASOURCE_INPUT',
    createRoute({
      method: 'post',
      path: endpoints.variables.createExcel,
      tags: [VARIABLES_TAG],
      summary: 'Create an Excel variable from an uploaded sheet',
      description: `${EXCEL_UPLOAD_DESCRIPTION} Without variable.variableName the name is the file's (made \`\${name}\`-safe), with _1, _2 ... when taken.`,
      request: { body: { required: false, content: { 'multipart/form-data': { schema: excelUploadFormSchema } } } },
      responses: {
        200: { description: "Saved ('Variable Saved').", content: { 'application/json': { schema: variableResponseSchema } } },
        409: { description: 'The given name is taken (fieldErrors NoneOf).', content: { 'application/json': { schema: errorBodySchema } } },
        413: { description: 'The file is too large.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );
  limitExcelUpload(app, endpoints.variables.createExcel);

  app.openapi(route, async (c) => {
    const { fields, fileName, sheet } = await readExcelUpload(c.req.valid('form'), excelVariableFieldsSchema);
    const user = currentUser(c);
    const { db } = services;
    const variableName = fields.variableName ?? (await freeVariableName(db, user.row.org_id, nameFromFileName(fileName)));
    const row = await auditedChange(db, c, { entityType: 'variable', entityId: (created: VariableRow) => created.id }, (trx) =>
      insertVariable(
        trx,
        { variableName, value: [], variableType: fields.variableType, valueType: 'Excel', dataSource: fileName, sheet },
        { orgId: user.row.org_id, userId: user.row.user_id },
      ),
    );
    return c.json(savedAnswer(await variableOf(db, row)), 200);
  });
}
