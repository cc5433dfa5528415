import { join } from 'node:path';
import type { Db } from '../db/database';
import type { CollectionAttachmentsTable } from '../db/schema-importexport';

/** Collection attachments live under DATA_DIR/attachments/<collection id>/<attachment id>. */
export function attachmentsRoot(filesDir: string): string {
  return join(filesDir, 'attachments');
}

export function collectionAttachmentsDir(filesDir: string, collectionId: string): string {
  return join(attachmentsRoot(filesDir), collectionId);
}

export function listAttachments(db: Db, collectionId: string): Promise<CollectionAttachmentsTable[]> {
  return db.selectFrom('collection_attachments').selectAll().where('collection_id', '=', collectionId).orderBy('position').execute();
}
