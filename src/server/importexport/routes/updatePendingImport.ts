import { createRoute } from '@hono/zod-openapi';
import {
  COLLECTION_NAME_ITEM_ID,
  COLLECTION_UPDATED_MESSAGE,
  IMPORT_CANCELLED_MESSAGE,
  pendingImportMessage,
  pendingImportUpdateResponseSchema,
  pendingImportUpdateSchema,
  updateFailedMessage,
  type ImportDataRequiredItem,
} from '../../../shared/contracts/importexport';
import { FIELD_ERROR_KEYS } from '../../../shared/contracts/collections';
import { errorBodySchema } from '../../../shared/contracts/errors';
import { endpoints } from '../../../shared/endpoints';
import { decodeCollectionExport } from '../../../shared/importexport/format';
import type { Db } from '../../db/database';
import { ApiError } from '../../http/apiError';
import { currentUser } from '../../http/appEnv';
import { applyResolutions, checkResolution, createImportedCollection, ResolutionError } from '../importer';
import { dropImportFile, readImportFile } from '../importFiles';
import { dataUpdatedOf, findImportProcess, requiredItemsOf, updateImportProcess } from '../importProcesses';
import type { Api } from '../../services';

function pendingNotFoundMessage(importId: string): string {
  return `No pending import ${importId}.`;
}

/** Marks the import as taken by this request, so two updates arriving together cannot both create the collection. */
async function claim(db: Db, importId: string): Promise<boolean> {
  const result = await db
    .updateTable('import_processes')
    .set({ status: 'COMPLETED', updated_at: new Date().toISOString() })
    .where('id', '=', importId)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function registerUpdatePendingImport({ app, endpoint, services }: Api): void {
  const route = endpoint(
    'STUDIO',
    createRoute({
      method: 'put',
      path: endpoints.importExport.importExport,
      tags: ['Import and export'],
      summary: 'Resolve (or cancel) a pending import',
      description:
        'Each dataUpdated item answers one importDataRequired item: a resource id of the right kind for a device, a ' +
        'variable name for a variable, a free collection name for collection-name (optional: the proposed name is ' +
        'used otherwise). When nothing is missing any more the collection is created (importComplete true).',
      request: { body: { required: true, content: { 'application/json': { schema: pendingImportUpdateSchema } } } },
      responses: {
        200: { description: 'Updated; complete or still pending.', content: { 'application/json': { schema: pendingImportUpdateResponseSchema } } },
        404: { description: 'No such import of the caller.', content: { 'application/json': { schema: errorBodySchema } } },
        409: { description: 'The import is not pending any more.', content: { 'application/json': { schema: errorBodySchema } } },
      },
    }),
  );

  app.openapi(route, async (c) => {
    const { importId, action, dataUpdated } = c.req.valid('json');
    const user = currentUser(c);
    const { db, filesDir } = services;
    const row = await findImportProcess(db, importId, user.row.id);
    if (!row) throw new ApiError(404, pendingNotFoundMessage(importId));
    if (row.status !== 'PENDING') throw new ApiError(409, `Import ${importId} is ${row.status.toLowerCase()} already.`);

    if (action !== 'CANCEL') await services.disk.assertRoomFor('imports');
    if (action === 'CANCEL') {
      await dropImportFile(filesDir, row.file_name);
      await updateImportProcess(db, importId, { status: 'CANCELLED', file_name: null, import_data_required: '[]', message: IMPORT_CANCELLED_MESSAGE });
      return c.json(
        {
          status: true as const,
          message: IMPORT_CANCELLED_MESSAGE,
          data: { importComplete: false, importMessage: IMPORT_CANCELLED_MESSAGE, collectionId: null, importDataRequired: [] },
        },
        200,
      );
    }

    const required = requiredItemsOf(row);
    const itemsById = new Map(required.map((item) => [item.id, item]));
    const fieldErrors: Record<string, string[]> = {};
    for (const [index, update] of dataUpdated.entries()) {
      const item = itemsById.get(update.id);
      if (!item) {
        fieldErrors[`dataUpdated.${index}.id`] = [FIELD_ERROR_KEYS.notFound];
        continue;
      }
      try {
        await checkResolution(db, user.row.org_id, item, update.data);
      } catch (error) {
        if (!(error instanceof ResolutionError)) throw error;
        fieldErrors[`dataUpdated.${index}.data`] = [error.message];
      }
    }
    if (Object.keys(fieldErrors).length > 0) {
      const details = Object.values(fieldErrors).flat().join(' ');
      throw new ApiError(400, `${updateFailedMessage(row.name)}: ${details}`, {}, fieldErrors);
    }

    const resolutions = { ...dataUpdatedOf(row), ...Object.fromEntries(dataUpdated.map((update) => [update.id, update.data])) };
    const nameItem = required.find((item) => item.id === COLLECTION_NAME_ITEM_ID);
    const name = resolutions[COLLECTION_NAME_ITEM_ID] ?? nameItem?.currentData ?? row.name;
    const remaining: ImportDataRequiredItem[] = required.filter((item) => item.id !== COLLECTION_NAME_ITEM_ID && !(item.id in resolutions));

    if (remaining.length > 0) {
      const importMessage = pendingImportMessage(name, remaining.length);
      const stillRequired = [...(nameItem ? [{ ...nameItem, currentData: name }] : []), ...remaining];
      await updateImportProcess(db, importId, {
        name,
        import_data_required: JSON.stringify(stillRequired),
        data_updated: JSON.stringify(resolutions),
        message: importMessage,
      });
      return c.json(
        { status: true as const, message: importMessage, data: { importComplete: false, importMessage, collectionId: null, importDataRequired: stillRequired } },
        200,
      );
    }

    if (!(await claim(db, importId))) throw new ApiError(409, `Import ${importId} is being completed by another request.`);
    try {
      if (row.file_name === null) throw new Error(`Pending import ${importId} has no file`);
      const decoded = await decodeCollectionExport(await readImportFile(filesDir, row.file_name));
      if (!decoded.ok) throw new Error(`The kept file of import ${importId} no longer decodes: ${decoded.message}`);
      const collection = await applyResolutions(db, decoded.manifest, resolutions);
      const created = await createImportedCollection({ db, filesDir, author: { orgId: user.row.org_id, userId: user.row.user_id } }, decoded, collection, name);
      await updateImportProcess(db, importId, {
        name: created.testSuiteName,
        import_data_required: '[]',
        data_updated: JSON.stringify(resolutions),
        file_name: null,
        collection_id: created.id,
        message: COLLECTION_UPDATED_MESSAGE,
      });
      await dropImportFile(filesDir, row.file_name);
      return c.json(
        {
          status: true as const,
          message: COLLECTION_UPDATED_MESSAGE,
          data: { importComplete: true, importMessage: COLLECTION_UPDATED_MESSAGE, collectionId: created.id, importDataRequired: [] },
        },
        200,
      );
    } catch (error) {
      await updateImportProcess(db, importId, { status: 'PENDING' });
      throw error;
    }
  });
}
