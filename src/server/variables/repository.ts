import { randomUUID } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { z } from 'zod';
import { FIELD_ERROR_KEYS } from '../../shared/contracts/collections';
import {
  excelMappingSchema,
  SYSTEM_VARIABLE_ACCESS,
  SYSTEM_VARIABLE_NAMES,
  VARIABLE_MESSAGES,
  type ExcelVariableData,
  type Variable,
} from '../../shared/contracts/variables';
import { hasPermission } from '../../shared/permissions';
import { inTransaction, type Db } from '../db/database';
import { isUniqueViolation, jsonArrayElement } from '../db/dialect';
import type { VariablesTable } from '../db/schema-variables';
import { ApiError, FORBIDDEN_MESSAGE } from '../http/apiError';
import type { AuthenticatedUser } from '../http/appEnv';
import type { ExcelSheet } from './excelSheet';

export type VariableRow = Selectable<VariablesTable>;

const isSystemName = (name: string) => SYSTEM_VARIABLE_NAMES.some((system) => system.toLowerCase() === name.toLowerCase());

const valuesSchema = z.array(z.string());
const mappingListSchema = z.array(excelMappingSchema);
const excelRowSchema = z.record(z.string(), z.string());
const excelRowsSchema = z.array(excelRowSchema);

export const variableValues = (row: Pick<VariableRow, 'value'>): string[] => valuesSchema.parse(JSON.parse(row.value));

function toVariable(row: VariableRow, rowCount: number | null): Variable {
  return {
    id: row.id,
    variableName: row.variable_name,
    value: variableValues(row),
    status: row.status,
    variableType: row.variable_type,
    valueType: row.value_type,
    dataSource: row.data_source,
    access: null,
    rowCount,
    dateCreated: row.created_at,
    dateUpdated: row.updated_at,
  };
}

/** BASE_URL is the server's own origin (the executor's value); `origin` is the one the caller reached. */
export function systemVariables(origin: string): Variable[] {
  return SYSTEM_VARIABLE_NAMES.map((name) => ({
    id: `system-${name}`,
    variableName: name,
    value: [origin],
    status: 'active',
    variableType: 'system',
    valueType: 'System',
    dataSource: null,
    access: SYSTEM_VARIABLE_ACCESS,
    rowCount: null,
    dateCreated: '',
    dateUpdated: '',
  }));
}

/** Excel variables are visible to holders of DATASOURCE_INPUT only (§2, §6). */
export const seesExcel = (user: AuthenticatedUser): boolean => hasPermission(user.features, 'DATASOURCE_INPUT');

function assertMaySeeVariable(user: AuthenticatedUser, row: Pick<VariableRow, 'value_type'>): void {
  if (row.value_type === 'Excel' && !seesExcel(user)) throw new ApiError(403, FORBIDDEN_MESSAGE);
}

async function withRowCounts(db: Db, rows: VariableRow[]): Promise<Variable[]> {
  const excelIds = rows.filter((row) => row.value_type === 'Excel').map((row) => row.id);
  const counts =
    excelIds.length === 0
      ? new Map<string, number>()
      : new Map(
          (await db.selectFrom('variable_excel_data').select(['variable_id', 'row_count']).where('variable_id', 'in', excelIds).execute()).map((data) => [
            data.variable_id,
            data.row_count,
          ]),
        );
  return rows.map((row) => toVariable(row, row.value_type === 'Excel' ? (counts.get(row.id) ?? 0) : null));
}

/** The organization's active variables by name; Excel ones only `withExcel`. */
export async function listVariables(db: Db, orgId: string, options: { withExcel: boolean }): Promise<Variable[]> {
  const rows = await db
    .selectFrom('variables')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('status', '=', 'active')
    .$if(!options.withExcel, (qb) => qb.where('value_type', '!=', 'Excel'))
    .orderBy('variable_name')
    .execute();
  return withRowCounts(db, rows);
}

export function findVariableRow(db: Db, id: string, orgId: string): Promise<VariableRow | undefined> {
  return db.selectFrom('variables').selectAll().where('id', '=', id).where('org_id', '=', orgId).executeTakeFirst();
}

/** The caller's organization's variable of that id (active or removed), or 404; an Excel one needs DATASOURCE_INPUT. */
export async function requireVariable(db: Db, id: string, user: AuthenticatedUser): Promise<VariableRow> {
  const row = await findVariableRow(db, id, user.row.org_id);
  if (!row) throw new ApiError(404, VARIABLE_MESSAGES.notFound(id), {}, { id: [FIELD_ERROR_KEYS.notFound] });
  assertMaySeeVariable(user, row);
  return row;
}

/** As requireVariable, for a change: a removed variable answers 404 too. */
export async function requireActiveVariable(db: Db, id: string, user: AuthenticatedUser): Promise<VariableRow> {
  const row = await requireVariable(db, id, user);
  if (row.status !== 'active') throw new ApiError(404, VARIABLE_MESSAGES.notFound(id), {}, { id: [FIELD_ERROR_KEYS.notFound] });
  return row;
}

export async function variableOf(db: Db, row: VariableRow): Promise<Variable> {
  const [variable] = await withRowCounts(db, [row]);
  if (!variable) throw new Error(`Variable ${row.id} vanished while it was read`);
  return variable;
}

/** Resource values must be registered resources (they are device ids). */
export async function assertResourcesExist(db: Db, deviceIds: readonly string[]): Promise<void> {
  const known = new Set((await db.selectFrom('resources').select('device_id').where('device_id', 'in', [...deviceIds, '']).execute()).map((row) => row.device_id));
  const missing = deviceIds.filter((id) => !known.has(id));
  if (missing.length > 0) throw new ApiError(400, VARIABLE_MESSAGES.resourcesNotFound(missing), {}, { value: [FIELD_ERROR_KEYS.notFound] });
}

function assertNotSystemName(name: string): void {
  if (isSystemName(name)) throw new ApiError(409, VARIABLE_MESSAGES.reservedName(name), {}, { variableName: [FIELD_ERROR_KEYS.noneOf] });
}

/** Runs a write that may hit the live-name unique index and answers it as the NoneOf field error ("Already Exists"). */
async function withUniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  assertNotSystemName(name);
  try {
    return await write();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw new ApiError(409, VARIABLE_MESSAGES.duplicateName(name), {}, { variableName: [FIELD_ERROR_KEYS.noneOf] });
  }
}

/** What the variable stores: Resource ids trimmed, an Excel variable its sheet (mapping and rows). */
export interface VariableInput {
  variableName: string;
  value: readonly string[];
  variableType: string;
  valueType: VariableRow['value_type'];
  dataSource?: string | null;
  sheet?: ExcelSheet;
}

export interface VariableAuthor {
  orgId: string;
  userId: string;
}

async function writeSheet(trx: Db, variableId: string, sheet: ExcelSheet): Promise<void> {
  const values = { mapping: JSON.stringify(sheet.mapping), excel_rows: JSON.stringify(sheet.rows), row_count: sheet.rows.length };
  await trx
    .insertInto('variable_excel_data')
    .values({ variable_id: variableId, ...values })
    .onConflict((oc) => oc.column('variable_id').doUpdateSet(values))
    .execute();
}

const storedValues = (input: VariableInput): string =>
  JSON.stringify(input.sheet ? input.sheet.mapping.map((entry) => entry.variableName) : input.value.map((value) => (input.valueType === 'Resource' ? value.trim() : value)));

/** A new active variable (§4: created as active). */
export async function insertVariable(db: Db, input: VariableInput, by: VariableAuthor): Promise<VariableRow> {
  const now = new Date().toISOString();
  const row: VariableRow = {
    id: randomUUID(),
    org_id: by.orgId,
    variable_name: input.variableName,
    value: storedValues(input),
    status: 'active',
    variable_type: input.variableType,
    value_type: input.valueType,
    data_source: input.dataSource ?? null,
    created_by: by.userId,
    created_at: now,
    updated_at: now,
  };
  await withUniqueName(input.variableName, () =>
    inTransaction(db, async (trx) => {
      await trx.insertInto('variables').values(row).execute();
      if (input.sheet) await writeSheet(trx, row.id, input.sheet);
    }),
  );
  return row;
}

/** Saves `input` over the variable `row` (the caller checked it is the organization's and may be changed). */
export async function updateVariableRow(db: Db, row: VariableRow, input: VariableInput): Promise<VariableRow> {
  const updated: VariableRow = {
    ...row,
    variable_name: input.variableName,
    value: input.valueType === 'Excel' && !input.sheet ? row.value : storedValues(input),
    variable_type: input.variableType,
    value_type: input.valueType,
    data_source: input.dataSource === undefined ? row.data_source : input.dataSource,
    updated_at: new Date().toISOString(),
  };
  await withUniqueName(input.variableName, () =>
    inTransaction(db, async (trx) => {
      const { id: _id, org_id: _org, created_by: _by, created_at: _at, ...changes } = updated;
      await trx.updateTable('variables').set(changes).where('id', '=', row.id).execute();
      if (input.sheet) await writeSheet(trx, row.id, input.sheet);
    }),
  );
  return updated;
}

/** §4: removal sets the status inactive; the name becomes free. */
export async function deactivateVariable(db: Db, id: string): Promise<void> {
  await db.updateTable('variables').set({ status: 'inactive', updated_at: new Date().toISOString() }).where('id', '=', id).execute();
}

/** `base`, or base_1, base_2 ... : the first name no active variable of the organization has (§4, Excel names). */
export async function freeVariableName(db: Db, orgId: string, base: string): Promise<string> {
  const taken = new Set(
    (
      await db
        .selectFrom('variables')
        .select('variable_name')
        .where('org_id', '=', orgId)
        .where('status', '=', 'active')
        .execute()
    ).map((row) => row.variable_name.toLowerCase()),
  );
  const isFree = (name: string) => !taken.has(name.toLowerCase()) && !isSystemName(name);
  if (isFree(base)) return base;
  for (let suffix = 1; ; suffix++) {
    const candidate = `${base}_${suffix}`;
    if (isFree(candidate)) return candidate;
  }
}

export async function excelDataOf(db: Db, row: VariableRow): Promise<ExcelVariableData> {
  const data = await db.selectFrom('variable_excel_data').selectAll().where('variable_id', '=', row.id).executeTakeFirst();
  return {
    id: row.id,
    variableName: row.variable_name,
    dataSource: row.data_source,
    mapping: data ? mappingListSchema.parse(JSON.parse(data.mapping)) : [],
    excelRows: data ? excelRowsSchema.parse(JSON.parse(data.excel_rows)) : [],
  };
}

/** Row `rowNo` (1 = the first row under the header) of an Excel variable, keyed by variable name; null when there is no such row. */
export async function excelRowOf(db: Db, variableId: string, rowNo: number): Promise<{ row: Record<string, string> | null; rowCount: number }> {
  // The database reads the one row out of the stored sheet instead of parsing every row at each firing.
  const data = await db
    .selectFrom('variable_excel_data')
    .select(['row_count', jsonArrayElement(db, sql.ref('excel_rows'), rowNo - 1).as('row')])
    .where('variable_id', '=', variableId)
    .executeTakeFirst();
  if (!data) return { row: null, rowCount: 0 };
  const inRange = rowNo >= 1 && rowNo <= data.row_count && data.row !== null;
  return { row: inRange ? excelRowSchema.parse(JSON.parse(data.row ?? '{}')) : null, rowCount: data.row_count };
}

/**
 * The organization's active String variables as the `${name}` values a run starts with. A variable with several values
 * gives its first (a step reads one text); one without values gives ''.
 */
export async function stringVariablesOf(db: Db, orgId: string): Promise<Record<string, string>> {
  const rows = await db
    .selectFrom('variables')
    .select(['variable_name', 'value'])
    .where('org_id', '=', orgId)
    .where('status', '=', 'active')
    .where('value_type', '=', 'String')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.variable_name, variableValues(row)[0] ?? '']));
}
