import { http, HttpResponse } from 'msw';
import {
  COLLECTION_IMPORTED_MESSAGE,
  COLLECTION_NAME_ITEM_ID,
  COLLECTION_UPDATED_MESSAGE,
  IMPORT_FILE_FIELD,
  importRejectedMessage,
  pendingImportMessage,
  pendingImportUpdateSchema,
  type ImportProcess,
  type ImportStatusResponse,
  type ImportUploadResponse,
  type PendingImportUpdateResponse,
} from '../../src/shared/contracts/importexport';
import { endpoints } from '../../src/shared/endpoints';
import { decodeCollectionExport } from '../../src/shared/importexport/format';
import { nextId } from './factories';
import { anyOrigin, errorResponse } from './handlers';
import { recordingBackend } from './recordings';

/**
 * The fake import/export service: it decodes uploads with the real format code, so a corrupt file is refused with the
 * real reason. Uploads whose manifest names resources become pending imports asking for them; others complete.
 */
export const importExportBackend = {
  processes: [] as ImportProcess[],
  /** Collection ids created by completed imports, newest last. */
  importedCollectionIds: [] as string[],
  /** The export file of each collection id the download answers for (others get 404). */
  exports: new Map<string, Uint8Array>(),
  reset() {
    this.processes = [];
    this.importedCollectionIds = [];
    this.exports.clear();
  },
};

/** A multipart file part: a Blob of whichever realm parsed the form (tests may swap the global Blob for Node's). */
function isFilePart(value: FormDataEntryValue | null): value is File {
  return typeof value === 'object' && value !== null && typeof value.arrayBuffer === 'function';
}

function completed(process: ImportProcess, message: string): ImportProcess {
  const collectionId = nextId('imported-collection');
  importExportBackend.importedCollectionIds.push(collectionId);
  return { ...process, status: 'COMPLETED', collectionId, importDataRequired: [], message, updatedDate: new Date().toISOString() };
}

export const importExportHandlers = [
  http.get(anyOrigin(endpoints.importExport.download), ({ request }) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    const file = importExportBackend.exports.get(id);
    if (!file) return errorResponse(404, `No collection ${id}.`);
    return new HttpResponse(file as Uint8Array<ArrayBuffer>, {
      headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(file.byteLength), ETag: `"${id}-v1"` },
    });
  }),

  http.get(anyOrigin(endpoints.importExport.status), () =>
    // getStatus lists both kinds of process (spec part 1 §3 Process); the recordings are tests/msw/recordings.ts's.
    HttpResponse.json<ImportStatusResponse>({ status: true, data: [...importExportBackend.processes, ...recordingBackend.processes] }),
  ),

  http.post(anyOrigin(endpoints.importExport.importExport), async ({ request }) => {
    const file = (await request.formData()).get(IMPORT_FILE_FIELD);
    if (!isFilePart(file)) return errorResponse(400, 'Send the collection export (.bin) as the multipart form field "file".');
    const decoded = await decodeCollectionExport(new Uint8Array(await file.arrayBuffer()));
    if (!decoded.ok) return errorResponse(400, importRejectedMessage(decoded.message), { [IMPORT_FILE_FIELD]: [decoded.reason] });
    const name = decoded.manifest.collection.testSuiteName;
    const now = new Date().toISOString();
    const id = nextId('import');
    const missing = decoded.manifest.references.resources.map((resource) => ({
      id: `device-${resource.id}`,
      name: resource.name,
      type: resource.type,
      currentData: resource.id,
    }));
    const pending: ImportProcess = {
      id,
      importId: id,
      statusId: id,
      processType: 'IMPORT',
      status: 'PENDING',
      name,
      importDataRequired: [{ id: COLLECTION_NAME_ITEM_ID, name: 'Collection name', type: 'String', currentData: name }, ...missing],
      collectionId: null,
      message: pendingImportMessage(name, missing.length),
      createdDate: now,
      updatedDate: now,
    };
    const process = missing.length === 0 ? completed(pending, COLLECTION_IMPORTED_MESSAGE) : pending;
    importExportBackend.processes.unshift(process);
    return HttpResponse.json<ImportUploadResponse>({
      status: true,
      data: { importComplete: process.status === 'COMPLETED', statusId: id, importMessage: process.message, collectionId: process.collectionId, name },
    });
  }),

  http.put(anyOrigin(endpoints.importExport.importExport), async ({ request }) => {
    const parsed = pendingImportUpdateSchema.safeParse(await request.json());
    if (!parsed.success) return errorResponse(400, 'The update is not valid.', { importId: ['required'] });
    const index = importExportBackend.processes.findIndex((process) => process.id === parsed.data.importId && process.status === 'PENDING');
    const process = importExportBackend.processes[index];
    if (!process) return errorResponse(404, `No pending import ${parsed.data.importId}.`);
    const answered = new Set(parsed.data.dataUpdated.map((item) => item.id));
    const remaining = process.importDataRequired.filter((item) => item.id !== COLLECTION_NAME_ITEM_ID && !answered.has(item.id));
    const next = remaining.length === 0 ? completed(process, COLLECTION_UPDATED_MESSAGE) : { ...process, importDataRequired: remaining };
    importExportBackend.processes[index] = next;
    const message = remaining.length === 0 ? COLLECTION_UPDATED_MESSAGE : pendingImportMessage(process.name, remaining.length);
    return HttpResponse.json<PendingImportUpdateResponse>({
      status: true,
      message,
      data: { importComplete: remaining.length === 0, importMessage: message, collectionId: next.collectionId, importDataRequired: remaining },
    });
  }),
];
