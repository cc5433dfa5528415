import { http, HttpResponse } from 'msw';
import {
  newVariableSchema,
  SYSTEM_VARIABLE_ACCESS,
  updateVariableSchema,
  VARIABLE_MESSAGES,
  variableIdBodySchema,
  type ExcelVariableData,
  type NewVariable,
  type UpdateVariable,
  type Variable,
} from '../../src/shared/contracts/variables';
import { endpoints } from '../../src/shared/endpoints';
import { makeVariable } from './control-room';
import { anyOrigin, errorResponse } from './handlers';

export { makeVariable };

export const systemVariable = (origin = 'http://studio.test'): Variable =>
  makeVariable({ id: 'system-BASE_URL', variableName: 'BASE_URL', value: [origin], variableType: 'system', valueType: 'System', access: SYSTEM_VARIABLE_ACCESS });

export interface VariablesBackendOptions {
  variables?: Variable[];
  systemVariables?: Variable[];
  /** Collections using a variable, by variable id (GET usage). */
  usage?: Record<string, string[]>;
  excelData?: Record<string, ExcelVariableData>;
  listFails?: boolean;
}

interface ExcelUpload {
  fileName: string;
  variable: Record<string, unknown>;
}

/** The fake variables service of the control room (part 2 §7 Variables), keeping what it was sent. */
export function variablesBackend({ variables = [], systemVariables = [], usage = {}, excelData = {}, listFails = false }: VariablesBackendOptions = {}) {
  const state = {
    variables: [...variables],
    created: [] as NewVariable[],
    updated: [] as UpdateVariable[],
    removed: [] as string[],
    excelUploads: [] as ExcelUpload[],
    usageAsked: [] as string[],
    /** The `text` of every GET search. */
    searched: [] as string[],
  };
  const nameTaken = (name: string, exceptId?: string) =>
    [...state.variables, ...systemVariables].some((variable) => variable.id !== exceptId && variable.variableName.toLowerCase() === name.toLowerCase());
  const duplicate = (name: string) => errorResponse(409, VARIABLE_MESSAGES.duplicateName(name), { variableName: ['NoneOf'] });
  const saved = (variable: Variable) => HttpResponse.json({ success: true, message: VARIABLE_MESSAGES.saved, data: variable });

  async function excelUpload(request: Request): Promise<ExcelUpload> {
    const form = await request.formData();
    const file = form.get('file');
    const variable: unknown = JSON.parse(String(form.get('variable') ?? '{}'));
    return { fileName: file instanceof File ? file.name : '', variable: typeof variable === 'object' && variable !== null ? { ...variable } : {} };
  }

  const handlers = [
    http.get(anyOrigin(endpoints.variables.list), () =>
      listFails ? errorResponse(404, 'No such service') : HttpResponse.json({ success: true, message: '', data: { variables: state.variables, systemVariables } }),
    ),
    // Name or values holding the text, ignoring case, as the server answers (src/server/variables/variableApi.ts).
    http.get(anyOrigin(endpoints.variables.search), ({ request }) => {
      const text = new URL(request.url).searchParams.get('text') ?? '';
      state.searched.push(text);
      const needle = text.trim().toLowerCase();
      const matches = (variable: Variable) => [variable.variableName, ...variable.value].some((part) => part.toLowerCase().includes(needle));
      return HttpResponse.json({ success: true, message: '', data: { variables: state.variables.filter(matches), systemVariables: systemVariables.filter(matches) } });
    }),
    http.get(anyOrigin(endpoints.variables.usage), ({ request }) => {
      const id = new URL(request.url).searchParams.get('id') ?? '';
      state.usageAsked.push(id);
      const collections = (usage[id] ?? []).map((testSuiteName, index) => ({ id: `collection-${index}`, testSuiteName }));
      return HttpResponse.json({ success: true, message: '', data: { collections, schedules: [] } });
    }),
    http.get(anyOrigin(endpoints.variables.excelData), ({ request }) => {
      const data = excelData[new URL(request.url).searchParams.get('id') ?? ''];
      return data ? HttpResponse.json({ success: true, message: '', data }) : errorResponse(404, 'Variable not found');
    }),
    http.post(anyOrigin(endpoints.variables.create), async ({ request }) => {
      const body = newVariableSchema.parse(await request.json());
      if (nameTaken(body.variableName)) return duplicate(body.variableName);
      state.created.push(body);
      const variable = makeVariable({ variableName: body.variableName, value: body.value, valueType: body.valueType });
      state.variables.push(variable);
      return saved(variable);
    }),
    http.put(anyOrigin(endpoints.variables.update), async ({ request }) => {
      const body = updateVariableSchema.parse(await request.json());
      if (nameTaken(body.variableName, body.id)) return duplicate(body.variableName);
      state.updated.push(body);
      const index = state.variables.findIndex((variable) => variable.id === body.id);
      const current = state.variables[index];
      if (!current) return errorResponse(404, VARIABLE_MESSAGES.notFound(body.id));
      const variable = { ...current, variableName: body.variableName, ...(body.valueType === 'Excel' ? {} : { value: body.value, valueType: body.valueType }) };
      state.variables[index] = variable;
      return saved(variable);
    }),
    http.put(anyOrigin(endpoints.variables.remove), async ({ request }) => {
      const { id } = variableIdBodySchema.parse(await request.json());
      const names = usage[id] ?? [];
      if (names.length > 0) return errorResponse(409, VARIABLE_MESSAGES.inUse(names));
      state.removed.push(id);
      state.variables = state.variables.filter((variable) => variable.id !== id);
      return HttpResponse.json({ success: true, message: VARIABLE_MESSAGES.removed });
    }),
    http.post(anyOrigin(endpoints.variables.createExcel), async ({ request }) => {
      const upload = await excelUpload(request);
      state.excelUploads.push(upload);
      const variableName = typeof upload.variable.variableName === 'string' ? upload.variable.variableName : 'excel';
      if (nameTaken(variableName)) return duplicate(variableName);
      const variable = makeVariable({ variableName, value: ['A'], valueType: 'Excel', dataSource: upload.fileName, rowCount: 1 });
      state.variables.push(variable);
      return saved(variable);
    }),
    http.post(anyOrigin(endpoints.variables.updateExcel), async ({ request }) => {
      const upload = await excelUpload(request);
      state.excelUploads.push(upload);
      const index = state.variables.findIndex((variable) => variable.id === upload.variable.id);
      const current = state.variables[index];
      if (!current) return errorResponse(404, 'Variable not found');
      const variable = { ...current, dataSource: upload.fileName };
      state.variables[index] = variable;
      return saved(variable);
    }),
  ];
  return { handlers, state };
}
