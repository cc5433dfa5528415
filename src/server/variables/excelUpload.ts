import { z } from '@hono/zod-openapi';
import { EXCEL_FILE_FIELD, EXCEL_VARIABLE_FIELD, VARIABLE_LIMITS, VARIABLE_MESSAGES } from '../../shared/contracts/variables';
import { ApiError } from '../http/apiError';
import { limitUpload, uploadedFile } from '../http/uploadLimit';
import { fieldErrorsOf } from '../http/validation';
import type { Api } from '../services';
import { readExcelSheet, toVariableName, type ExcelSheet } from './excelSheet';

/** The form of createExcelVariable and updateExcelVariable: the file, and the variable as JSON (a text field or a JSON part). */
export const excelUploadFormSchema = z.object({
  [EXCEL_FILE_FIELD]: z.instanceof(File, { message: 'required' }).openapi({ type: 'string', format: 'binary' }),
  [EXCEL_VARIABLE_FIELD]: z.union([z.string(), z.instanceof(File)]).optional().openapi({ type: 'string', description: 'The variable as JSON.' }),
});

export const EXCEL_UPLOAD_DESCRIPTION =
  'Multipart form: `file` (.xls or .xlsx) and `variable` (JSON). The first ' +
  "sheet's first row names the columns; each column becomes a variable (mapping variableName/columnName) and every " +
  'later row a data row. A damaged, oversized or unreadable file is refused with the reason and changes nothing.';

/** Refuses a body over the Excel limit before it is read (the app's 1 MiB JSON limit does not apply to these paths). */
export function limitExcelUpload(app: Api['app'], path: string): void {
  limitUpload(app, path, VARIABLE_LIMITS.excelFileBytes, VARIABLE_MESSAGES.excelTooLarge(VARIABLE_LIMITS.excelFileBytes));
}

export interface ExcelUpload<T> {
  fields: T;
  fileName: string;
  sheet: ExcelSheet;
}

async function variableJsonOf(part: string | File | undefined): Promise<unknown> {
  if (part === undefined) return {};
  try {
    return JSON.parse(typeof part === 'string' ? part : await part.text());
  } catch {
    throw new ApiError(400, VARIABLE_MESSAGES.variableJson, {}, { [EXCEL_VARIABLE_FIELD]: ['pattern'] });
  }
}

/** Checks the form of an Excel upload and reads its sheet; every problem is a 400 or 413 with the reason. */
export async function readExcelUpload<T extends z.ZodType>(form: { file?: unknown; variable?: string | File }, fieldsSchema: T): Promise<ExcelUpload<z.infer<T>>> {
  const file = uploadedFile(form, EXCEL_FILE_FIELD, VARIABLE_LIMITS.excelFileBytes, {
    missing: VARIABLE_MESSAGES.excelMissingFile,
    tooLarge: VARIABLE_MESSAGES.excelTooLarge(VARIABLE_LIMITS.excelFileBytes),
  });
  const parsed = fieldsSchema.safeParse(await variableJsonOf(form[EXCEL_VARIABLE_FIELD]));
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(Object.entries(fieldErrorsOf(parsed.error)).map(([field, messages]) => [`${EXCEL_VARIABLE_FIELD}.${field}`, messages]));
    throw new ApiError(400, `The variable is not valid: ${Object.keys(fieldErrors).join(', ')}`, {}, fieldErrors);
  }
  const read = readExcelSheet(file.name, await file.arrayBuffer());
  if (!read.ok) throw new ApiError(400, read.message, {}, { [EXCEL_FILE_FIELD]: [read.message] });
  return { fields: parsed.data, fileName: file.name, sheet: read.sheet };
}

/** The default name of an Excel variable: its file's name without the extension, made `${name}`-safe. */
export function nameFromFileName(fileName: string): string {
  const base = toVariableName(fileName.replace(/\.[^.]*$/, ''));
  // Leave room for the _1, _2 ... suffix within the name limit.
  return (base || 'excel').slice(0, VARIABLE_LIMITS.name - 6);
}
