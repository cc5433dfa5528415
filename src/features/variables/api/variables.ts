import { queryOptions } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';
import {
  EXCEL_FILE_FIELD,
  EXCEL_VARIABLE_FIELD,
  excelVariableDataResponseSchema,
  variableListResponseSchema,
  variableRemovedResponseSchema,
  variableResponseSchema,
  variableUsageResponseSchema,
  type ExcelVariableData,
  type Variable,
  type VariableList,
  type VariableUsage,
} from '../../../shared/contracts/variables';
import { endpoints } from '../../../shared/endpoints';
import { variablesKeys } from './variables-keys';

/** GET {controlroom}/bot/variables/list: the organization's variables and the system ones. */
export const variableListQuery = () =>
  queryOptions({
    queryKey: variablesKeys.list(),
    queryFn: async ({ signal }): Promise<VariableList> => (await apiJson(endpoints.variables.list, variableListResponseSchema, { signal })).data,
  });

/** GET …/search?text: the variables (and system ones) whose name or value holds `text`, ignoring case (§7). */
export const variableSearchQuery = (text: string) =>
  queryOptions({
    queryKey: variablesKeys.search(text),
    queryFn: async ({ signal }): Promise<VariableList> =>
      (await apiJson(`${endpoints.variables.search}?text=${encodeURIComponent(text)}`, variableListResponseSchema, { signal })).data,
  });

/** GET …/getExcelVariableData?id: the mapping and rows of an Excel variable (the detail modal). */
export const excelDataQuery = (id: string) =>
  queryOptions({
    queryKey: variablesKeys.excelData(id),
    queryFn: async ({ signal }): Promise<ExcelVariableData> =>
      (await apiJson(`${endpoints.variables.excelData}?id=${encodeURIComponent(id)}`, excelVariableDataResponseSchema, { signal })).data,
  });

/** GET …/usage?id: the collections and schedules using a variable, asked right before a remove or an update. */
export async function variableUsage(id: string): Promise<VariableUsage> {
  return (await apiJson(`${endpoints.variables.usage}?id=${encodeURIComponent(id)}`, variableUsageResponseSchema)).data;
}

export interface VariableDraft {
  variableName: string;
  valueType: 'String' | 'Resource';
  value: string[];
}

/** POST …/new: created active, variableType bot (§4). */
export async function createVariable(draft: VariableDraft): Promise<Variable> {
  return (await apiJson(endpoints.variables.create, variableResponseSchema, { method: 'POST', json: { ...draft, status: 'active' } })).data;
}

/** PUT …/update (an Excel variable is renamed here: its value stays its sheet). */
export async function updateVariable(id: string, draft: { variableName: string; valueType: Variable['valueType']; value: string[] }): Promise<Variable> {
  return (await apiJson(endpoints.variables.update, variableResponseSchema, { method: 'PUT', json: { id, ...draft, status: 'active' } })).data;
}

/** PUT …/delete: the variable becomes inactive ('Variable Removed'). */
export async function removeVariable(id: string): Promise<string> {
  return (await apiJson(endpoints.variables.remove, variableRemovedResponseSchema, { method: 'PUT', json: { id } })).message;
}

function excelForm(file: File, variable: Record<string, string>): FormData {
  const form = new FormData();
  form.set(EXCEL_FILE_FIELD, file);
  form.set(EXCEL_VARIABLE_FIELD, JSON.stringify({ ...variable, status: 'active' }));
  return form;
}

/** POST …/createExcelVariable (multipart): the file and the variable's name. */
export async function createExcelVariable(file: File, variableName: string): Promise<Variable> {
  return (await apiJson(endpoints.variables.createExcel, variableResponseSchema, { method: 'POST', body: excelForm(file, { variableName }) })).data;
}

/** POST …/updateExcelVariable (multipart): a new sheet for the variable, and its name. */
export async function updateExcelVariable(id: string, file: File, variableName: string): Promise<Variable> {
  return (await apiJson(endpoints.variables.updateExcel, variableResponseSchema, { method: 'POST', body: excelForm(file, { id, variableName }) })).data;
}
