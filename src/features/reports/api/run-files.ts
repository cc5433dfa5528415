import { apiFetch } from '../../../lib/api-client';
import { endpoints } from '../../../shared/endpoints';

/** GET /files/download?path with the bearer token: a screenshot or attachment of a run as a blob. */
export async function fetchRunFile(path: string): Promise<Blob> {
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
