import { checkExportIntegrity } from '../../../shared/importexport/format';
import { endpoints } from '../../../shared/endpoints';

/** GET {api}/importexport?id={collectionId} (spec part 1 §7): the .bin download, resumable with Range. */
export function exportDownloadPath(collectionId: string): string {
  return `${endpoints.importExport.download}?id=${encodeURIComponent(collectionId)}`;
}

/** The name the finished export is saved under (spec part 1 §4: a .bin file). */
export function exportFileName(collectionName: string): string {
  return `${collectionName}.bin`;
}

/** Why a downloaded export is not usable (truncated, checksum mismatch, …), or null when its header and checksum hold. */
export async function exportFileProblem(file: Blob): Promise<string | null> {
  const checked = await checkExportIntegrity(new Uint8Array(await file.arrayBuffer()));
  return checked.ok ? null : checked.message;
}
