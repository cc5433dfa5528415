import { z } from 'zod';
import { FIELD_ERROR_KEYS } from './collections';

/**
 * Variables of spec part 2 §3 Variable, §4, §5 and §7 Variables. Steps use a variable as `${variableName}`, so a name
 * is letters, digits and underscores. An Excel variable gives, per data row, one variable per column of its mapping.
 */
export const VARIABLE_VALUE_TYPES = ['String', 'Resource', 'Excel', 'System'] as const;
export type VariableValueType = (typeof VARIABLE_VALUE_TYPES)[number];
/** Kinds a user creates through new/update; Excel comes with a file (createExcelVariable), System is built in. */
export const EDITABLE_VALUE_TYPES = ['String', 'Resource'] as const;

export const VARIABLE_STATUSES = ['active', 'inactive'] as const;
export const DEFAULT_VARIABLE_TYPE = 'bot';
export const SYSTEM_VARIABLE_ACCESS = 'read';
/** Built-in variables every run has (the executor sets them); read-only, and no other variable may take their names. */
export const SYSTEM_VARIABLE_NAMES = ['BASE_URL'] as const;

/** The placeholder rule of the executor: `${name}` with a name of letters, digits and underscores. */
export const VARIABLE_NAME_PATTERN = /^\w+$/;

export const VARIABLE_LIMITS = {
  name: 100,
  /** Values of a String variable, and the length of each. */
  values: 100,
  valueLength: 5000,
  variableType: 50,
  /** Resource pooling: at most 5 resources (§9); the client allows 1 unless VariableManagement.resourcePooling. */
  resources: 5,
  excelFileBytes: 5 * 1024 * 1024,
  /** What the workbook may unpack to, as its zip directory declares. */
  excelUnpackedBytes: 50 * 1024 * 1024,
  excelRows: 10_000,
  excelColumns: 100,
  excelCellLength: 5000,
  searchText: 200,
} as const;

/** Texts of §8, and the server's own where the spec gives none (docs/decisions.md, Variables). */
export const VARIABLE_MESSAGES = {
  saved: 'Variable Saved',
  removed: 'Variable Removed',
  loadFailed: 'Unable to load Variables',
  /** §8 keeps the spec's spelling. */
  inUse: (collections: readonly string[]) => `Varible in Use, Collections [${collections.join(', ')}]`,
  notFound: (id: string) => `Variable ${id} not found`,
  duplicateName: (name: string) => `A variable named ${name} already exists`,
  reservedName: (name: string) => `${name} is a system variable`,
  resourcesNotFound: (ids: readonly string[]) => `Resources not found: ${ids.join(', ')}`,
  valueTypeFixed: 'An Excel variable stays Excel: upload a new file through updateExcelVariable',
  excelOnly: 'Excel files accept only .xls and .xlsx',
  excelMissingFile: 'Send the Excel file as the multipart form field "file"',
  excelTooLarge: (limitBytes: number) => `The Excel file is larger than the ${limitBytes / 1024 / 1024} MB allowed`,
  excelUnreadable: 'The file is not a readable Excel workbook',
  excelTooBigUnpacked: (limitBytes: number) => `The workbook unpacks to more than ${limitBytes / 1024 / 1024} MB: split the data into smaller files`,
  excelCellTooLong: (row: number, limit: number) => `A cell of row ${row} is longer than ${limit} characters`,
  excelNoHeader: 'The first row of the first sheet must name the columns',
  excelTooManyRows: (limit: number) => `The sheet has more than ${limit} data rows`,
  excelTooManyColumns: (limit: number) => `The sheet has more than ${limit} columns`,
  notExcel: (name: string) => `${name} is not an Excel variable`,
  variableJson: 'The form field "variable" must hold the variable as JSON',
} as const;

const variableNameSchema = z
  .string({ error: FIELD_ERROR_KEYS.required })
  .trim()
  .min(1, { message: FIELD_ERROR_KEYS.required, abort: true })
  .max(VARIABLE_LIMITS.name, FIELD_ERROR_KEYS.maxLength)
  .regex(VARIABLE_NAME_PATTERN, FIELD_ERROR_KEYS.pattern);

export const variableSchema = z.object({
  id: z.string(),
  variableName: z.string(),
  /** String values; Resource: device ids; Excel: the variable names of its mapping; System: the value now. */
  value: z.array(z.string()),
  status: z.enum(VARIABLE_STATUSES),
  variableType: z.string(),
  valueType: z.enum(VARIABLE_VALUE_TYPES),
  /** Excel: the uploaded file's name. */
  dataSource: z.string().nullable(),
  /** System variables only. */
  access: z.string().nullable(),
  /** Excel: how many data rows the sheet has (Data Row goes from 1 to this). */
  rowCount: z.number().int().nullable(),
  dateCreated: z.string(),
  dateUpdated: z.string(),
});
export type Variable = z.infer<typeof variableSchema>;

const variableFields = {
  variableName: variableNameSchema,
  value: z.array(z.string().max(VARIABLE_LIMITS.valueLength, FIELD_ERROR_KEYS.maxLength)).max(VARIABLE_LIMITS.values, FIELD_ERROR_KEYS.maxLength).default([]),
  status: z.enum(VARIABLE_STATUSES).default('active'),
  variableType: z.string().trim().min(1, FIELD_ERROR_KEYS.required).max(VARIABLE_LIMITS.variableType, FIELD_ERROR_KEYS.maxLength).default(DEFAULT_VARIABLE_TYPE),
  valueType: z.enum(EDITABLE_VALUE_TYPES).default('String'),
};

/** §4: Resource makes the value required, with at most 5 resources and each named once. */
function resourceRules(variable: { valueType: string; value: string[] }, ctx: z.RefinementCtx): void {
  if (variable.valueType !== 'Resource') return;
  const ids = variable.value.map((id) => id.trim()).filter((id) => id !== '');
  if (ids.length === 0) ctx.addIssue({ code: 'custom', path: ['value'], message: FIELD_ERROR_KEYS.required });
  else if (ids.length > VARIABLE_LIMITS.resources) ctx.addIssue({ code: 'custom', path: ['value'], message: FIELD_ERROR_KEYS.maxLength });
  else if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['value'], message: 'Unique' });
}

/** PUT /bot/variables/delete, and the id of the other calls. */
export const variableIdBodySchema = z.object({ id: z.string({ error: FIELD_ERROR_KEYS.required }).trim().min(1, FIELD_ERROR_KEYS.required).max(64) });

/** POST /bot/variables/new. */
export const newVariableSchema = z.object(variableFields).superRefine(resourceRules);
export type NewVariable = z.infer<typeof newVariableSchema>;

/** PUT /bot/variables/update: an Excel variable may be renamed here; its data changes through updateExcelVariable. */
export const updateVariableSchema = z
  .object({ id: variableIdBodySchema.shape.id, ...variableFields, valueType: z.enum(['String', 'Resource', 'Excel']).default('String') })
  .superRefine(resourceRules);
export type UpdateVariable = z.infer<typeof updateVariableSchema>;


/** The multipart field names of createExcelVariable and updateExcelVariable. */
export const EXCEL_FILE_FIELD = 'file';
export const EXCEL_VARIABLE_FIELD = 'variable';

/** The `variable` JSON of createExcelVariable; without a name, the file's name is used (_1, _2 ... when taken). */
export const excelVariableFieldsSchema = z.object({
  variableName: variableNameSchema.optional(),
  status: z.literal('active').default('active'),
  variableType: variableFields.variableType,
});
/** The `variable` JSON of updateExcelVariable: which variable, and optionally a new name. */
export const updateExcelVariableFieldsSchema = excelVariableFieldsSchema.extend({ id: variableIdBodySchema.shape.id });

export const excelMappingSchema = z.object({ variableName: z.string(), columnName: z.string() });
export type ExcelMapping = z.infer<typeof excelMappingSchema>;

/** GET /bot/variables/getExcelVariableData?id: rows are keyed by the mapping's variableName. */
export const excelVariableDataSchema = z.object({
  id: z.string(),
  variableName: z.string(),
  dataSource: z.string().nullable(),
  mapping: z.array(excelMappingSchema),
  excelRows: z.array(z.record(z.string(), z.string())),
});
export type ExcelVariableData = z.infer<typeof excelVariableDataSchema>;

/** GET /bot/variables/usage?id: collections using it as `${name}` in a step, schedules naming it in their overrides. */
export const variableUsageSchema = z.object({
  collections: z.array(z.object({ id: z.string(), testSuiteName: z.string() })),
  schedules: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type VariableUsage = z.infer<typeof variableUsageSchema>;

const envelope = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), message: z.string(), data });

export const variableListSchema = z.object({ variables: z.array(variableSchema), systemVariables: z.array(variableSchema) });
export type VariableList = z.infer<typeof variableListSchema>;
export const variableListResponseSchema = envelope(variableListSchema);
export const variableResponseSchema = envelope(variableSchema);
export const excelVariableDataResponseSchema = envelope(excelVariableDataSchema);
export const variableUsageResponseSchema = envelope(variableUsageSchema);
export const variableRemovedResponseSchema = z.object({ success: z.literal(true), message: z.string() });

/** Query strings of the GET calls. */
export const variableIdQuerySchema = variableIdBodySchema;
export const variableSearchQuerySchema = z.object({ text: z.string().max(VARIABLE_LIMITS.searchText).default('') });
