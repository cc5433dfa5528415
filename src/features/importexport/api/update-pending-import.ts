import { apiJson } from '../../../lib/api-client';
import {
  pendingImportUpdateResponseSchema,
  updateFailedMessage,
  type PendingImportUpdate,
  type PendingImportUpdateResponse,
} from '../../../shared/contracts/importexport';
import { endpoints } from '../../../shared/endpoints';

/** PUT {api}/importexport/importexport (spec part 1 §7): resolves the importDataRequired items of a pending import. */
export function updatePendingImport(update: PendingImportUpdate, name: string): Promise<PendingImportUpdateResponse> {
  return apiJson(endpoints.importExport.importExport, pendingImportUpdateResponseSchema, {
    method: 'PUT',
    json: update,
    fallbackMessage: updateFailedMessage(name),
  });
}
