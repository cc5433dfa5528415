import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiFetch, apiJson } from '../../../lib/api-client';
import { apiErrorFromResponse } from '../../../lib/api-error';
import { MESSAGES } from '../../../shared/constants';
import { getClientUrlResponseSchema, type GetClientUrlResponse } from '../../../shared/contracts/clients';
import { iosBuildListResponseSchema, type IosBuild } from '../../../shared/contracts/ios-builder';
import { endpoints } from '../../../shared/endpoints';
import { clientsKeys } from './clients-keys';

/** The desktop client's state: ready with its URL, or not built on this server (the 503 and its message). */
export type DesktopClient = { kind: 'ready'; client: GetClientUrlResponse } | { kind: 'not-built'; message: string };

/** While the server is still building the zip (it does so shortly after it starts), the page asks again this often. */
export const DESKTOP_NOT_BUILT_RECHECK_MS = 10_000;

/** POST getClientUrl for DESKTOP; a 503 is an answer (not built yet), not a failure. */
export const desktopClientQuery = () =>
  queryOptions({
    queryKey: clientsKeys.desktop(),
    queryFn: async ({ signal }): Promise<DesktopClient> => {
      try {
        const client = await apiJson(endpoints.clients.getClientUrl, getClientUrlResponseSchema, { method: 'POST', json: { clientType: 'DESKTOP' }, signal });
        return { kind: 'ready', client };
      } catch (error) {
        if (error instanceof ApiError && error.status === 503) return { kind: 'not-built', message: error.message };
        throw error;
      }
    },
    // After queryFn, so the data type is inferred from it.
    refetchInterval: (query) => (query.state.data?.kind === 'not-built' ? DESKTOP_NOT_BUILT_RECHECK_MS : false),
  });

/** The organization's latest iOS gateway build (null: never generated), as the iOS builder lists it. */
export const iosClientQuery = () =>
  queryOptions({
    queryKey: clientsKeys.ios(),
    queryFn: async ({ signal }): Promise<IosBuild | null> => (await apiJson(endpoints.iosBuilder.list, iosBuildListResponseSchema, { signal })).data,
  });

/** Only FINISHED yields a download URL (spec part 3 §4). */
export function iosDownloadUrl(build: IosBuild | null | undefined): string | null {
  return build?.Status === 'FINISHED' && build.URL ? build.URL : null;
}

export interface DownloadProgress {
  loaded: number;
  /** From Content-Length, or the size the caller knew; null when neither says. */
  total: number | null;
}

/**
 * Fetches a file with the bearer token and reports each piece as it arrives, so the page can show progress (spec part
 * 3 §7 'blob with progress').
 */
export async function downloadWithProgress(
  path: string,
  init: { method?: string; json?: unknown; knownSize?: number },
  onProgress: (progress: DownloadProgress) => void,
): Promise<Blob> {
  const response = await apiFetch(path, { method: init.method ?? 'GET', ...(init.json === undefined ? {} : { json: init.json }) });
  if (!response.ok) throw await apiErrorFromResponse(response, MESSAGES.somethingWentWrong);
  const header = Number(response.headers.get('content-length'));
  const total = Number.isFinite(header) && header > 0 ? header : (init.knownSize ?? null);
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!response.body) {
    const blob = await response.blob();
    onProgress({ loaded: blob.size, total });
    return blob;
  }
  const reader = response.body.getReader();
  const pieces: Uint8Array<ArrayBuffer>[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    pieces.push(value as Uint8Array<ArrayBuffer>);
    loaded += value.byteLength;
    onProgress({ loaded, total });
  }
  return new Blob(pieces, { type });
}
