import type { Collection } from '../../shared/contracts/collections';
import type { ResourceReference } from '../../shared/importexport/manifest';
import type { Db } from '../db/database';

/** `${name}` placeholders, as the executor substitutes them. */
const PLACEHOLDER = /\$\{(\w+)\}/g;
/** Provided by the executor on every platform (the server's own origin). */
const BUILT_IN_VARIABLES = new Set(['BASE_URL']);

function allFlows(collection: Collection) {
  return [...collection.initTestSteps, ...collection.testCases, ...collection.postTestSteps];
}

/** Variables the collection uses but neither sets itself (setVariable steps) nor gets from the executor. */
export function externalVariables(collection: Collection): string[] {
  const steps = allFlows(collection).flatMap((flow) => flow.steps);
  const setHere = new Set(steps.filter((step) => step.action === 'setVariable').map((step) => step.target.trim()));
  const used = steps.flatMap((step) => [...`${step.target}\n${step.value}`.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''));
  return [...new Set(used)].filter((name) => name !== '' && !setHere.has(name) && !BUILT_IN_VARIABLES.has(name)).sort();
}

/** Mobile resources are MobileDevice; desktop and browser resources (both run on a desktop) are DesktopDevice. */
export function resourceReferenceType(cmdDeviceType: string | undefined): ResourceReference['type'] {
  return cmdDeviceType === 'MOBILE' ? 'MobileDevice' : 'DesktopDevice';
}

/** The resources of hybridDeviceIds (keyed by device_id, as the dispatcher reads them) with their kinds; one no longer registered here counts as a desktop resource. */
export async function resourceReferences(db: Db, collection: Collection): Promise<ResourceReference[]> {
  const ids = Object.keys(collection.hybridDeviceIds);
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('resources').select(['device_id', 'cmd_device_type']).where('device_id', 'in', ids).execute();
  const typeOf = new Map(rows.map((row) => [row.device_id, row.cmd_device_type]));
  return ids.map((id) => ({ id, name: collection.hybridDeviceIds[id] ?? id, type: resourceReferenceType(typeOf.get(id)) }));
}
