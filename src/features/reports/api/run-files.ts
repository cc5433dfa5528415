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

const OBJECT_URL_LIFETIME_MS = 1_000;

/** Saves a blob under a file name through a temporary link. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoking in the same task can cancel the download in some browsers.
  window.setTimeout(() => URL.revokeObjectURL(url), OBJECT_URL_LIFETIME_MS);
}
