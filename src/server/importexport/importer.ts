import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { COLLECTION_NAME_PATTERN, type Collection, type TestCase } from '../../shared/contracts/collections';
import {
  COLLECTION_NAME_ITEM_ID,
  importDataItemId,
  importDataKindOf,
  type ImportDataRequiredItem,
} from '../../shared/contracts/importexport';
import { deviceDisplayNameOf } from '../../shared/contracts/devices';
import type { DecodedExport } from '../../shared/importexport/format';
import type { ExportManifest, ExportedTag } from '../../shared/importexport/manifest';
import type { Db } from '../db/database';
import { insertCollection, type CollectionAuthor } from '../collections/repository';
import { attachmentsRoot, collectionAttachmentsDir } from './attachments';
import { resourceReferenceType } from './references';
import { stringVariablesOf } from '../variables/repository';
import { SYSTEM_VARIABLE_NAMES } from '../../shared/contracts/variables';

const MAX_NAME_LENGTH = 200;
const IMPORTED_SUFFIX = ' imported';

/** Why a resolution value is refused: the client shows it next to the item. */
export class ResolutionError extends Error {
  override name = 'ResolutionError';
}

function isNameTaken(db: Db, orgId: string, name: string): Promise<boolean> {
  return db
    .selectFrom('collections')
    .select('id')
    .where('org_id', '=', orgId)
    .where('deleted', '=', 0)
    .where((eb) => eb(eb.fn('lower', ['name']), '=', name.toLowerCase()))
    .executeTakeFirst()
    .then((row) => row !== undefined);
}

/** The name itself when free in the organization, else "<name> imported", "<name> imported 2", … */
export async function freeCollectionName(db: Db, orgId: string, name: string): Promise<string> {
  for (let attempt = 1; ; attempt += 1) {
    const suffix = attempt === 1 ? '' : `${IMPORTED_SUFFIX}${attempt === 2 ? '' : ` ${attempt - 1}`}`;
    const candidate = `${name.slice(0, MAX_NAME_LENGTH - suffix.length)}${suffix}`;
    if (!(await isNameTaken(db, orgId, candidate))) return candidate;
  }
}

/**
 * What the importing platform lacks: resources of hybridDeviceIds not registered here, the variables the collection
 * reads that the organization's store does not give every run (its String variables and the system ones, by exact
 * name as `${name}` reads them), and the e-mail configurations it uses (always asked for).
 */
export async function missingReferences(db: Db, manifest: ExportManifest, orgId: string): Promise<ImportDataRequiredItem[]> {
  const { resources, emailConfigs } = manifest.references;
  const stored = new Set([...Object.keys(await stringVariablesOf(db, orgId)), ...SYSTEM_VARIABLE_NAMES]);
  const variables = manifest.references.variables.filter((variable) => !stored.has(variable.name));
  const ids = resources.map((resource) => resource.id);
  const rows = ids.length === 0 ? [] : await db.selectFrom('resources').select(['device_id', 'cmd_device_type']).where('device_id', 'in', ids).execute();
  const present = new Map(rows.map((row) => [row.device_id, resourceReferenceType(row.cmd_device_type)]));
  return [
    ...resources
      .filter((resource) => present.get(resource.id) !== resource.type)
      .map((resource) => ({ id: importDataItemId('device', resource.id), name: resource.name, type: resource.type, currentData: resource.id })),
    ...variables.map((variable) => ({ id: importDataItemId('variable', variable.id), name: variable.name, type: 'String' as const, currentData: variable.name })),
    ...emailConfigs.map((config) => ({ id: importDataItemId('emailconfig', config.id), name: config.name, type: 'EmailConfig' as const, currentData: config.id })),
  ];
}

/** The item that lets the user choose the collection's name in a pending import. */
export function collectionNameItem(name: string): ImportDataRequiredItem {
  return { id: COLLECTION_NAME_ITEM_ID, name: 'Collection name', type: 'String', currentData: name };
}

/** Checks one resolution value against what the item asks for; throws ResolutionError when it does not fit. */
export async function checkResolution(db: Db, orgId: string, item: ImportDataRequiredItem, data: string): Promise<void> {
  switch (importDataKindOf(item.id)) {
    case 'collection': {
      if (!COLLECTION_NAME_PATTERN.test(data) || data.length > MAX_NAME_LENGTH) {
        throw new ResolutionError('Special characters are not allowed!');
      }
      if (await isNameTaken(db, orgId, data)) throw new ResolutionError('Duplicate Name');
      return;
    }
    case 'device': {
      const row = await db.selectFrom('resources').select('cmd_device_type').where('device_id', '=', data).executeTakeFirst();
      if (!row) throw new ResolutionError(`No resource ${data} is registered.`);
      if (resourceReferenceType(row.cmd_device_type) !== item.type) {
        throw new ResolutionError(`Resource ${data} is not a ${item.type === 'MobileDevice' ? 'mobile' : 'desktop'} resource.`);
      }
      return;
    }
    case 'variable': {
      if (!/^\w+$/.test(data)) throw new ResolutionError(`"${data}" is not a variable name (letters, digits and underscores).`);
      return;
    }
    case 'emailconfig':
      // No e-mail configuration store exists yet: the chosen id is recorded as given.
      return;
    default:
      throw new ResolutionError(`${item.id} is not an item this import asks for.`);
  }
}

function renameVariables(flows: TestCase[], renames: ReadonlyMap<string, string>): TestCase[] {
  if (renames.size === 0) return flows;
  const rewrite = (text: string) => text.replaceAll(/\$\{(\w+)\}/g, (whole, name: string) => (renames.has(name) ? `\${${renames.get(name)}}` : whole));
  return flows.map((flow) => ({
    ...flow,
    steps: flow.steps.map((step) => ({
      ...step,
      target: step.action === 'setVariable' ? (renames.get(step.target.trim()) ?? step.target) : rewrite(step.target),
      value: rewrite(step.value),
    })),
  }));
}

/** The collection with the user's resolutions applied: resources swapped in hybridDeviceIds, variables renamed. */
export async function applyResolutions(db: Db, manifest: ExportManifest, resolutions: Readonly<Record<string, string>>): Promise<Collection> {
  const collection = manifest.collection;
  const replacements = Object.keys(collection.hybridDeviceIds).flatMap((id) => {
    const replacement = resolutions[importDataItemId('device', id)];
    return replacement === undefined ? [] : [replacement];
  });
  const rows =
    replacements.length === 0
      ? []
      : await db.selectFrom('resources').select(['device_id', 'device_name', 'device_display_name']).where('device_id', 'in', replacements).execute();
  const nameOf = new Map(rows.map((row) => [row.device_id, deviceDisplayNameOf({ deviceDisplayName: row.device_display_name, deviceName: row.device_name })]));
  const hybridDeviceIds: Record<string, string> = {};
  for (const [id, name] of Object.entries(collection.hybridDeviceIds)) {
    const replacement = resolutions[importDataItemId('device', id)];
    if (replacement === undefined) hybridDeviceIds[id] = name;
    else hybridDeviceIds[replacement] = nameOf.get(replacement) ?? replacement;
  }
  const renames = new Map(
    manifest.references.variables.flatMap((variable) => {
      const chosen = resolutions[importDataItemId('variable', variable.id)];
      return chosen === undefined || chosen === variable.name ? [] : [[variable.name, chosen] as const];
    }),
  );
  return {
    ...collection,
    hybridDeviceIds,
    testCases: renameVariables(collection.testCases, renames),
    initTestSteps: renameVariables(collection.initTestSteps, renames),
    postTestSteps: renameVariables(collection.postTestSteps, renames),
  };
}

/** The organization's tag of the same type and name, created when it has none. */
async function matchTag(db: Db, orgId: string, tag: ExportedTag): Promise<string> {
  const existing = await db
    .selectFrom('tags')
    .select('id')
    .where('org_id', '=', orgId)
    .where('tag_type', '=', tag.tagType)
    .where((eb) => eb(eb.fn('lower', ['tag_name']), '=', tag.tagName.toLowerCase()))
    .executeTakeFirst();
  if (existing) return existing.id;
  const id = randomUUID();
  await db
    .insertInto('tags')
    .values({ id, org_id: orgId, tag_name: tag.tagName, tag_type: tag.tagType, hide_tag: tag.hideTag ? 1 : 0, created_at: new Date().toISOString() })
    .execute();
  return id;
}

export interface ImportTarget {
  db: Db;
  filesDir: string;
  author: CollectionAuthor;
}

/**
 * Creates the collection of a decoded export under a new id, in one transaction with its tags (matched by type and
 * name, created when missing) and its attachments, whose bytes are staged first and moved in after the commit.
 * `name` is used when free, else suffixed (freeCollectionName).
 */
export async function createImportedCollection(
  target: ImportTarget,
  decoded: Pick<DecodedExport, 'manifest' | 'attachments'>,
  collection: Collection,
  name: string,
): Promise<Collection> {
  const { db, filesDir, author } = target;
  const staging = join(attachmentsRoot(filesDir), `.staging-${randomUUID()}`);
  const attachmentIds = new Map(decoded.manifest.attachments.map((attachment) => [attachment.id, randomUUID()]));
  await mkdir(staging, { recursive: true });
  try {
    for (const attachment of decoded.manifest.attachments) {
      const bytes = decoded.attachments.get(attachment.id);
      if (bytes) await writeFile(join(staging, attachmentIds.get(attachment.id) ?? attachment.id), bytes);
    }
    const tagsById = new Map(decoded.manifest.tags.map((tag) => [tag.id, tag]));
    const created = await db.transaction().execute(async (trx) => {
      const localTag = async (id: string) => {
        const tag = tagsById.get(id);
        if (!tag) throw new Error(`Tag ${id} is not described in the export`);
        return matchTag(trx, author.orgId, tag);
      };
      const tags = await Promise.all(collection.tags.map(localTag));
      const version = collection.version === null ? null : await localTag(collection.version);
      const testSuiteName = await freeCollectionName(trx, author.orgId, name);
      const inserted = await insertCollection(trx, { ...collection, testSuiteName, tags, version }, author);
      const now = new Date().toISOString();
      for (const [position, attachment] of decoded.manifest.attachments.entries()) {
        await trx
          .insertInto('collection_attachments')
          .values({
            id: attachmentIds.get(attachment.id) ?? attachment.id,
            collection_id: inserted.id,
            name: attachment.name,
            media_type: attachment.mediaType,
            size: attachment.size,
            position,
            created_at: now,
          })
          .execute();
      }
      return inserted;
    });
    await mkdir(attachmentsRoot(filesDir), { recursive: true });
    await rename(staging, collectionAttachmentsDir(filesDir, created.id));
    return created;
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
