import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import {
  COLLECTION_IMPORTED_MESSAGE,
  IMPORT_FILE_FIELD,
  importRejectedMessage,
  importTooLargeMessage,
  importUploadResponseSchema,
  MAX_IMPORT_FILE_BYTES,
  pendingImportMessage,
} from '../../../shared/contracts/importexport';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { decodeCollectionExport } from '../../../shared/importexport/format';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { limitUpload, uploadedFile } from '../../http/uploadLimit';
import { collectionNameItem, createImportedCollection, freeCollectionName, missingReferences } from '../importer';
import { keepImportFile } from '../importFiles';
import { insertImportProcess } from '../importProcesses';
import type { Api } from '../../services';

const MISSING_FILE_MESSAGE = `Send the collection export (.bin) as the multipart form field "${IMPORT_FILE_FIELD}".`;

const uploadFormSchema = z.object({
  [IMPORT_FILE_FIELD]: z.instanceof(File, { message: 'required' }).openapi({ type: 'string', format: 'binary' }),
});

export function registerImportCollection({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'post',
      path: endpoints.importExport.importExport,
      tags: ['Import and export'],
      summary: 'Import a collection from a .bin export',
      description:
        'A file whose references (resources, variables, e-mail configurations) all exist here becomes a new collection ' +
        '(importComplete true). Otherwise a pending import is kept with its importDataRequired items, to be resolved ' +
        'through PUT on the same path. A damaged file is refused with the reason and changes nothing.',
      request: { body: { required: false, content: { 'multipart/form-data': { schema: uploadFormSchema } } } },
      responses: {
        200: { description: 'Imported, or pending.', content: { 'application/json': { schema: importUploadResponseSchema } } },
        413: { description: 'The file is too large.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  // After the access check and the idempotency lookup (registered by endpoint()), before the form is read.
  limitUpload(app, endpoints.importExport.importExport, MAX_IMPORT_FILE_BYTES, importTooLargeMessage(MAX_IMPORT_FILE_BYTES));

  app.openapi(route, async (c) => {
    await services.disk.assertRoomFor('imports');
    const form: { [IMPORT_FILE_FIELD]?: File } = c.req.valid('form');
    const file = uploadedFile(form, IMPORT_FILE_FIELD, MAX_IMPORT_FILE_BYTES, {
      missing: MISSING_FILE_MESSAGE,
      tooLarge: importTooLargeMessage(MAX_IMPORT_FILE_BYTES),
    });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const decoded = await decodeCollectionExport(bytes);
    if (!decoded.ok) throw new ApiError(400, importRejectedMessage(decoded.message), {}, { [IMPORT_FILE_FIELD]: [decoded.reason] });

    const user = currentUser(c);
    const { db, filesDir } = services;
    const author = { orgId: user.row.org_id, userId: user.row.user_id };
    const processId = randomUUID();
    const now = new Date().toISOString();
    const process = { id: processId, org_id: author.orgId, user_id: user.row.id, created_at: now, updated_at: now, data_updated: '{}' };
    const missing = await missingReferences(db, decoded.manifest, author.orgId);

    if (missing.length === 0) {
      const collection = decoded.manifest.collection;
      const created = await createImportedCollection({ db, filesDir, author }, decoded, collection, collection.testSuiteName);
      await insertImportProcess(db, {
        ...process,
        name: created.testSuiteName,
        status: 'COMPLETED',
        import_data_required: '[]',
        file_name: null,
        collection_id: created.id,
        message: COLLECTION_IMPORTED_MESSAGE,
      });
      return c.json(
        {
          status: true as const,
          data: {
            importComplete: true,
            statusId: processId,
            importMessage: COLLECTION_IMPORTED_MESSAGE,
            collectionId: created.id,
            name: created.testSuiteName,
          },
        },
        200,
      );
    }

    const name = await freeCollectionName(db, author.orgId, decoded.manifest.collection.testSuiteName);
    const importMessage = pendingImportMessage(name, missing.length);
    await insertImportProcess(db, {
      ...process,
      name,
      status: 'PENDING',
      import_data_required: JSON.stringify([collectionNameItem(name), ...missing]),
      file_name: await keepImportFile(filesDir, processId, bytes),
      collection_id: null,
      message: importMessage,
    });
    return c.json({ status: true as const, data: { importComplete: false, statusId: processId, importMessage, collectionId: null, name } }, 200);
  });
}
