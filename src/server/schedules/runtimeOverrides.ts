import { z } from 'zod';
import type { Collection } from '../../shared/contracts/collections';
import type { OverrideDevice } from '../../shared/contracts/schedules';
import type { Db } from '../db/database';
import { excelRowOf, findVariableRow, variableValues } from '../variables/repository';
import type { ScheduleDefinition } from './repository';

/**
 * Override resources and Override Datasource as a firing applies them (docs/decisions.md, Schedules server): resource
 * variables and the data row are read once, when the schedule fires, so the firing's collections all get the same.
 */
export const resourceOverrideSchema = z.object({
  /** The resources of the collection this pair replaces: one device id, or a resource variable's ids. */
  current: z.array(z.string()),
  /** The resources that replace them (id -> name); the run takes any free one. */
  replacement: z.record(z.string(), z.string()),
  /** The pair as history notes name it. */
  label: z.string(),
});
export type ResourceOverride = z.infer<typeof resourceOverrideSchema>;

/** What the firing's history says about its overrides. */
const OVERRIDE_NOTES = {
  pairWithoutResource: (label: string) => `Resource override ${label} names no resource: not applied`,
  variableUnknown: (id: string, what: string) => `Variable ${id} does not exist or was removed: ${what}`,
  notResourceVariable: (name: string, what: string) => `Variable ${name} is not a Resource variable: ${what}`,
  notExcelVariable: (name: string, what: string) => `Variable ${name} is not an Excel variable: ${what}`,
  rowOutOfRange: (row: number, name: string, rows: number, what: string) =>
    rows === 0 ? `Data row ${row} of ${name} does not exist (the sheet has no data rows): ${what}` : `Data row ${row} of ${name} does not exist (rows 1 to ${rows}): ${what}`,
  dataRowApplied: (row: number, name: string, variables: readonly string[]) => `Override Datasource: data row ${row} of ${name} gives the runs ${variables.map((variable) => `\${${variable}}`).join(', ')}`,
  pairNotApplied: (label: string) => `the resource override ${label} is not applied`,
  dataSourceNotApplied: 'the collections run without Override Datasource',
  pairNotUsed: (label: string, collection: string) => `Resource override ${label} does not apply to ${collection}: the collection does not use that resource`,
} as const;

/** Data Row when none is given: the first row under the header. */
const DEFAULT_DATA_ROW = 1;

/** One side of a pair: its resources, or why it cannot apply; `label` names it in notes either way. */
type Side = { label: string } & ({ ok: true; ids: string[] } | { ok: false; problem: (what: string) => string });

async function sideOf(db: Db, device: OverrideDevice, orgId: string, names: ReadonlyMap<string, string>): Promise<Side> {
  if (!device.useVariable) return { ok: true, ids: device.deviceId === '' ? [] : [device.deviceId], label: names.get(device.deviceId) ?? device.deviceId };
  const id = device.variableId ?? '';
  const row = id === '' ? undefined : await findVariableRow(db, id, orgId);
  if (!row || row.status !== 'active') return { ok: false, label: `variable ${id}`, problem: (what) => OVERRIDE_NOTES.variableUnknown(id, what) };
  const label = `variable ${row.variable_name}`;
  if (row.value_type !== 'Resource') return { ok: false, label, problem: (what) => OVERRIDE_NOTES.notResourceVariable(row.variable_name, what) };
  return { ok: true, ids: variableValues(row), label };
}

async function resourceOverridesOf(db: Db, definition: ScheduleDefinition, orgId: string, note: (text: string) => void): Promise<ResourceOverride[]> {
  if (!definition.overrideResources) return [];
  const names = new Map((await db.selectFrom('resources').select(['device_id', 'device_display_name']).execute()).map((row) => [row.device_id, row.device_display_name]));
  const overrides: ResourceOverride[] = [];
  for (const pair of definition.overrideResourcesList) {
    const current = await sideOf(db, pair.currentDevice, orgId, names);
    const replacement = await sideOf(db, pair.newDevice, orgId, names);
    const label = `${current.label} → ${replacement.label}`;
    if (!current.ok || !replacement.ok) {
      for (const side of [current, replacement]) if (!side.ok) note(side.problem(OVERRIDE_NOTES.pairNotApplied(label)));
      continue;
    }
    if (current.ids.length === 0 || replacement.ids.length === 0) {
      note(OVERRIDE_NOTES.pairWithoutResource(label));
      continue;
    }
    overrides.push({ current: current.ids, replacement: Object.fromEntries(replacement.ids.map((id) => [id, names.get(id) ?? id])), label });
  }
  return overrides;
}

/** The data row's values as `${name}` variables, or null (with a note saying why) when the override cannot apply. */
async function dataVariablesOf(db: Db, definition: ScheduleDefinition, orgId: string, note: (text: string) => void): Promise<Record<string, string> | null> {
  if (!definition.overrideDataSource) return null;
  const id = definition.dataSourceVariableId ?? '';
  const row = id === '' ? undefined : await findVariableRow(db, id, orgId);
  const what = OVERRIDE_NOTES.dataSourceNotApplied;
  if (!row || row.status !== 'active') {
    note(OVERRIDE_NOTES.variableUnknown(id, what));
    return null;
  }
  if (row.value_type !== 'Excel') {
    note(OVERRIDE_NOTES.notExcelVariable(row.variable_name, what));
    return null;
  }
  const rowNo = definition.dataSourceRowNo ?? DEFAULT_DATA_ROW;
  const data = await excelRowOf(db, row.id, rowNo);
  if (data.row === null) {
    note(OVERRIDE_NOTES.rowOutOfRange(rowNo, row.variable_name, data.rowCount, what));
    return null;
  }
  note(OVERRIDE_NOTES.dataRowApplied(rowNo, row.variable_name, Object.keys(data.row)));
  return data.row;
}

/** Reads what the schedule's overrides name (resource variables, the data row) as the schedule fires; problems become notes. */
export async function resolveOverrides(
  db: Db,
  definition: ScheduleDefinition,
  orgId: string,
  note: (text: string) => void,
): Promise<{ resourceOverrides: ResourceOverride[]; dataVariables: Record<string, string> | null }> {
  return { resourceOverrides: await resourceOverridesOf(db, definition, orgId, note), dataVariables: await dataVariablesOf(db, definition, orgId, note) };
}

/**
 * The resources the collection runs on with the overrides: each pair replaces the resources of `current` the collection
 * uses by its replacement (the dispatcher gives the run any free one of them). A pair the collection does not use is noted.
 */
export function overriddenResources(collection: Collection, overrides: readonly ResourceOverride[], note: (text: string) => void): Collection['hybridDeviceIds'] {
  let resources = collection.hybridDeviceIds;
  for (const override of overrides) {
    const used = override.current.filter((id) => id in resources);
    if (used.length === 0) {
      note(OVERRIDE_NOTES.pairNotUsed(override.label, collection.testSuiteName));
      continue;
    }
    resources = { ...Object.fromEntries(Object.entries(resources).filter(([id]) => !used.includes(id))), ...override.replacement };
  }
  return resources;
}
