import { Blob as DomBlob, FormData as DomFormData } from 'happy-dom';
import type { UploadTransport } from '../../src/offline/uploads';

/**
 * The upload queue's transport for component tests: fetch (which msw answers) instead of XMLHttpRequest. The stored
 * file is a Node Blob (tests/support/cloneable-blobs), which happy-dom's FormData refuses, so its bytes are copied into
 * a happy-dom Blob. Progress is reported at half and at the end, as XMLHttpRequest's upload events would.
 */
export const fetchUploadTransport: UploadTransport = async (parts, onProgress) => {
  const form = new DomFormData();
  for (const [name, value] of Object.entries(parts.fields)) form.append(name, value);
  form.append(parts.fileField, new DomBlob([await parts.file.arrayBuffer()]), parts.fileName);
  onProgress(parts.file.size / 2, parts.file.size);
  const response = await fetch(new URL(parts.url, window.location.origin), { method: 'POST', headers: parts.headers, body: form as unknown as FormData });
  onProgress(parts.file.size, parts.file.size);
  return { status: response.status, body: await response.json().catch(() => null) };
};
