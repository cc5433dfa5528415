import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Collection } from '../../shared/contracts/collections';
import { encodeCollectionExport } from '../../shared/importexport/format';
import type { ExportManifest, ExportedTag } from '../../shared/importexport/manifest';
import type { Db } from '../db/database';
import { toTag } from '../tags/repository';
import { collectionAttachmentsDir, listAttachments } from './attachments';
import { externalVariables, resourceReferences } from './references';

export interface ExportFile {
  path: string;
  size: number;
  /** Strong ETag (quoted). */
  etag: string;
}

export function exportsDir(filesDir: string): string {
  return join(filesDir, 'exports');
}

/** What a collection's export is built from, apart from when and by whom: the same key means the same file. */
async function exportSource(db: Db, collection: Collection): Promise<Omit<ExportManifest, 'exportedAt' | 'exportedBy'>> {
  const tagIds = [...collection.tags, ...(collection.version === null ? [] : [collection.version])];
  const tagRows = tagIds.length === 0 ? [] : await db.selectFrom('tags').selectAll().where('id', 'in', tagIds).execute();
  const tags: ExportedTag[] = tagRows.map(toTag);
  const attachments = (await listAttachments(db, collection.id)).map((row) => ({
    id: row.id,
    name: row.name,
    mediaType: row.media_type,
    size: row.size,
  }));
  return {
    collection,
    tags,
    references: {
      resources: await resourceReferences(db, collection),
      variables: externalVariables(collection).map((name) => ({ id: name, name })),
      // Collections do not name e-mail configurations yet; the format carries them for when they do.
      emailConfigs: [],
    },
    attachments,
  };
}

function versionKeyOf(source: object): string {
  return createHash('sha256').update(JSON.stringify(source)).digest('hex');
}

async function fileExists(path: string, size: number): Promise<boolean> {
  try {
    return (await stat(path)).size === size;
  } catch {
    return false;
  }
}

/**
 * The collection's .bin, built once per version of the collection (its document, tags, resources and attachments)
 * and kept under DATA_DIR/exports, so every Range request of a download reads the same bytes.
 */
export async function ensureExportFile(db: Db, filesDir: string, collection: Collection, exportedBy: string): Promise<ExportFile> {
  const source = await exportSource(db, collection);
  const versionKey = versionKeyOf(source);
  const cached = await db.selectFrom('collection_exports').selectAll().where('collection_id', '=', collection.id).executeTakeFirst();
  if (cached?.version_key === versionKey) {
    const path = join(exportsDir(filesDir), cached.file_name);
    if (await fileExists(path, cached.size)) return { path, size: cached.size, etag: cached.etag };
  }

  const attachmentBytes = new Map<string, Uint8Array>();
  for (const attachment of source.attachments) {
    attachmentBytes.set(attachment.id, await readFile(join(collectionAttachmentsDir(filesDir, collection.id), attachment.id)));
  }
  const file = await encodeCollectionExport({
    manifest: { ...source, exportedAt: new Date().toISOString(), exportedBy },
    attachments: attachmentBytes,
  });
  const etag = `"${createHash('sha256').update(file).digest('base64url')}"`;
  const fileName = `${collection.id}-${versionKey.slice(0, 16)}.bin`;
  await mkdir(exportsDir(filesDir), { recursive: true });
  // Written aside and renamed, so a reader never sees half a file.
  const partial = join(exportsDir(filesDir), `.${randomUUID()}.partial`);
  await writeFile(partial, file);
  await rename(partial, join(exportsDir(filesDir), fileName));
  const row = { collection_id: collection.id, version_key: versionKey, file_name: fileName, size: file.length, etag, created_at: new Date().toISOString() };
  await db
    .insertInto('collection_exports')
    .values(row)
    .onConflict((oc) => oc.column('collection_id').doUpdateSet({ version_key: versionKey, file_name: fileName, size: file.length, etag, created_at: row.created_at }))
    .execute();
  if (cached && cached.file_name !== fileName) await rm(join(exportsDir(filesDir), cached.file_name), { force: true });
  return { path: join(exportsDir(filesDir), fileName), size: file.length, etag };
}
