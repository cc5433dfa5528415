import type { VariableUsage } from '../../shared/contracts/variables';
import type { Db } from '../db/database';
import { externalVariables } from '../importexport/references';
import { listScheduleRows, parseDefinition } from '../schedules/repository';
import { listCollections } from '../collections/repository';
import { variableValues, type VariableRow } from './repository';

/** The live collections that use the variable (the collection half of variableUsageOf). */
export async function collectionsUsing(db: Db, row: VariableRow): Promise<VariableUsage['collections']> {
  const names = new Set(row.value_type === 'Excel' ? variableValues(row) : [row.variable_name]);
  return (await listCollections(db, { orgId: row.org_id }))
    .filter((collection) => externalVariables(collection).some((name) => names.has(name)))
    .map((collection) => ({ id: collection.id, testSuiteName: collection.testSuiteName }));
}

/**
 * Who uses the variable (docs/decisions.md, Variables): a live collection whose steps read one of its names as
 * `${name}` without setting it themselves (an Excel variable's names are its mapping's), and a live schedule whose
 * override pairs or data source name it by id.
 */
export async function variableUsageOf(db: Db, row: VariableRow): Promise<VariableUsage> {
  const collections = await collectionsUsing(db, row);
  const schedules = (await listScheduleRows(db, row.org_id))
    .filter((schedule) => {
      const definition = parseDefinition(schedule);
      const inPairs = definition.overrideResourcesList.some((pair) => [pair.currentDevice, pair.newDevice].some((device) => device.useVariable && device.variableId === row.id));
      return inPairs || definition.dataSourceVariableId === row.id;
    })
    .map((schedule) => ({ id: schedule.id, name: schedule.name }));
  return { collections, schedules };
}
