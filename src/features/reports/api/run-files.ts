import { apiFetch } from '../../../lib/api-client';
import type { DownloadForIdData, FileRef } from '../../../shared/contracts/runs';
import { endpoints } from '../../../shared/endpoints';

/** GET /files/download?path with the bearer token: a screenshot or attachment of a run as a blob. */
async function fetchRunFile(path: string): Promise<Blob> {
  const response = await apiFetch(`${endpoints.runs.downloadFile}?${new URLSearchParams({ path })}`);
  if (!response.ok) throw new Error(`File download answered ${response.status}`);
  return response.blob();
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('Unreadable image'));
    reader.readAsDataURL(blob);
  });
}

/** An image of a run as a data URL; empty when it cannot be fetched (spec part 1 §7 Images). */
export async function runImageDataUrl(path: string): Promise<string> {
  try {
    return await blobToDataUrl(await fetchRunFile(path));
  } catch {
    return '';
  }
}

/**
 * A link that downloads a run file without the bearer header (spec part 1 §7: POST /files/postDownloadForId?data
 * answers a token as text): the browser saves a video of any size as it streams, instead of holding it in memory.
 * The link works for a minute, for this session only.
 */
export async function runFileDownloadUrl(file: FileRef): Promise<string> {
  const data: DownloadForIdData = { path: file.path };
  const response = await apiFetch(`${endpoints.runs.postDownloadForId}?${new URLSearchParams({ data: JSON.stringify(data) })}`, { method: 'POST' });
  if (!response.ok) throw new Error(`postDownloadForId answered ${response.status}`);
  const token = (await response.text()).trim();
  const statusId = file.path.split('/')[0] ?? '';
  return `${endpoints.runs.downloadByToken}?${new URLSearchParams({ token, id: statusId, filename: file.name })}`;
}
