import { z } from 'zod';
import { RECORDING_PROCESS_TYPE, recordingProcessSchema, type RecordingProcess } from './recordings';

/**
 * Collection import and export (spec part 1 §3 Process / Pending collection import, §7, §8). The .bin format itself
 * is in src/shared/importexport; this module holds what travels over HTTP.
 */

/** Item types of importDataRequired (spec part 1 §3). */
export const IMPORT_DATA_TYPES = ['String', 'MobileDevice', 'DesktopDevice', 'EmailConfig'] as const;
export type ImportDataType = (typeof IMPORT_DATA_TYPES)[number];

/** An item's kind is derived from its id (spec part 1 §3): ids are built as `<kind>-<reference>`. */
export const IMPORT_DATA_KINDS = ['collection', 'device', 'variable', 'emailconfig'] as const;
export type ImportDataKind = (typeof IMPORT_DATA_KINDS)[number];

export function importDataItemId(kind: ImportDataKind, reference: string): string {
  return `${kind}-${reference}`;
}

/** The kind of an item id: the first of the spec's words the id starts with (contained, as a fallback). */
export function importDataKindOf(id: string): ImportDataKind | undefined {
  return IMPORT_DATA_KINDS.find((kind) => id.startsWith(`${kind}-`)) ?? IMPORT_DATA_KINDS.find((kind) => id.includes(kind));
}

/** The name the imported collection takes; always asked in a pending import, so the user can change it there. */
export const COLLECTION_NAME_ITEM_ID = importDataItemId('collection', 'name');

export const importDataRequiredItemSchema = z.object({
  id: z.string(),
  /** What the user sees: the missing reference's name in the exporting platform. */
  name: z.string(),
  type: z.enum(IMPORT_DATA_TYPES),
  /** The value the export carried (a name or id); the proposal the form starts with. */
  currentData: z.string(),
});
export type ImportDataRequiredItem = z.infer<typeof importDataRequiredItemSchema>;

export const IMPORT_PROCESS_TYPE = 'IMPORT';
export const IMPORT_STATUSES = ['PENDING', 'COMPLETED', 'CANCELLED'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** One process of GET {api}/importexport/getStatus (spec part 1 §3 Process and Pending collection import). */
export const importProcessSchema = z.object({
  id: z.string(),
  importId: z.string(),
  /** The import status id the client keeps (the last five, spec part 1 §4). */
  statusId: z.string(),
  processType: z.literal(IMPORT_PROCESS_TYPE),
  status: z.enum(IMPORT_STATUSES),
  name: z.string(),
  importDataRequired: z.array(importDataRequiredItemSchema),
  /** The collection the import created, once COMPLETED. */
  collectionId: z.string().nullable(),
  message: z.string(),
  createdDate: z.string(),
  updatedDate: z.string(),
});
export type ImportProcess = z.infer<typeof importProcessSchema>;

/** getStatus lists both kinds of process (spec part 1 §3 Process): imports and recordings (issue 18). */
export const statusProcessSchema = z.discriminatedUnion('processType', [importProcessSchema, recordingProcessSchema]);
export type StatusProcess = z.infer<typeof statusProcessSchema>;
export const isImportProcess = (process: StatusProcess): process is ImportProcess => process.processType === IMPORT_PROCESS_TYPE;
export const isRecordingProcess = (process: StatusProcess): process is RecordingProcess => process.processType === RECORDING_PROCESS_TYPE;

export const importStatusResponseSchema = z.object({ status: z.literal(true), data: z.array(statusProcessSchema) });
export type ImportStatusResponse = z.infer<typeof importStatusResponseSchema>;

/** POST {api}/importexport/importexport: the multipart field `file` carries the .bin. */
export const IMPORT_FILE_FIELD = 'file';
export const IMPORT_FILE_MEDIA_TYPE = 'application/octet-stream';
/** Largest accepted upload; a bigger one gets 413 (importTooLargeMessage). */
export const MAX_IMPORT_FILE_BYTES = 256 * 1024 * 1024;

export const importUploadResponseSchema = z.object({
  status: z.literal(true),
  data: z.object({
    importComplete: z.boolean(),
    statusId: z.string(),
    importMessage: z.string(),
    /** The new collection, when importComplete. */
    collectionId: z.string().nullable(),
    /** The name the collection has (complete) or will have (pending). */
    name: z.string(),
  }),
});
export type ImportUploadResponse = z.infer<typeof importUploadResponseSchema>;

export const IMPORT_ACTIONS = ['UPDATE', 'CANCEL'] as const;

/** PUT {api}/importexport/importexport (spec part 1 §5 Pending collection form). */
export const pendingImportUpdateSchema = z.object({
  importId: z.string().trim().min(1, 'required').max(64),
  action: z.enum(IMPORT_ACTIONS).default('UPDATE'),
  dataUpdated: z
    .array(z.object({ id: z.string().min(1).max(300), data: z.string().trim().min(1, 'required').max(300) }))
    .max(500)
    .default([]),
});
export type PendingImportUpdate = z.input<typeof pendingImportUpdateSchema>;

export const pendingImportUpdateResponseSchema = z.object({
  status: z.literal(true),
  message: z.string(),
  data: z.object({
    importComplete: z.boolean(),
    importMessage: z.string(),
    collectionId: z.string().nullable(),
    /** What is still missing when importComplete is false. */
    importDataRequired: z.array(importDataRequiredItemSchema),
  }),
});
export type PendingImportUpdateResponse = z.infer<typeof pendingImportUpdateResponseSchema>;

/** GET {api}/importexport/transferStats?id=: what the server sent of a collection's current export file. */
export const exportTransferStatsSchema = z.object({
  status: z.literal(true),
  data: z.object({
    collectionId: z.string(),
    etag: z.string(),
    fileSize: z.number(),
    /** Body bytes handed to the network for this file, over every request since the server started. */
    bytesSent: z.number(),
    requests: z.number(),
  }),
});
export type ExportTransferStats = z.infer<typeof exportTransferStatsSchema>;

/** Spec part 1 §8 Import and export. */
export const COLLECTION_IMPORTED_MESSAGE = 'Collection Imported Successfully';
export const COLLECTION_IMPORT_FAILED_MESSAGE = 'Collection Import Failed!';
export const COLLECTION_UPDATED_MESSAGE = 'Collection Updated Successfully';
export const COLLECTION_EXPORT_STARTED_MESSAGE = 'Collection Export Started';
export const FILE_DOWNLOAD_FAILED_MESSAGE = 'File download failed, please try again';
/** Spec part 1 §4 Export: the alert shown while an export downloads. */
export const EXPORT_IN_PROGRESS_ALERT = 'Do not close or refresh the page until download completes';

export function importFailedMessage(name: string): string {
  return `${name} Import Failed`;
}
export function updateFailedMessage(name: string): string {
  return `${name} Update Failed`;
}
export function exportFailedMessage(name: string): string {
  return `${name} collection export failed!`;
}

/** A corrupt file: the spec's message, then the decoder's reason. */
export function importRejectedMessage(reason: string): string {
  return `${COLLECTION_IMPORT_FAILED_MESSAGE} ${reason}`;
}

export function importTooLargeMessage(limitBytes: number): string {
  return `${COLLECTION_IMPORT_FAILED_MESSAGE} The file is larger than the ${Math.round(limitBytes / (1024 * 1024))} MB an import may be.`;
}

export function pendingImportMessage(name: string, missing: number): string {
  return `${name} needs ${missing} more detail${missing === 1 ? '' : 's'} before it can be imported.`;
}

export const IMPORT_CANCELLED_MESSAGE = 'Import cancelled.';
