// With its extension: vite.config.ts loads this module natively, which resolves no extensionless import.
import { whenIdle } from './idle.ts';

/** The meta element the build writes into index.html: the signed-in app's files as absolute paths, space-separated. */
export const PREFETCH_META_NAME = 'studio-prefetch';

let prefetched = false;

/**
 * Hints the browser to fetch the signed-in app's scripts and styles while it is idle, so the first page after signing
 * in does not wait on them. Prefetches run at the lowest priority and only fill the HTTP cache; nothing runs. Skipped
 * when a service worker controls the page (its precache holds every file) and when the user asked to save data.
 */
export function prefetchSignedInApp(): void {
  if (prefetched) return;
  prefetched = true;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (navigator.serviceWorker?.controller || connection?.saveData) return;
  const files = document.querySelector<HTMLMetaElement>(`meta[name="${PREFETCH_META_NAME}"]`)?.content.split(/\s+/).filter(Boolean) ?? [];
  whenIdle(() => {
    for (const file of files) {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = file;
      link.as = file.endsWith('.css') ? 'style' : 'script';
      // Module scripts are fetched in CORS mode; the prefetch must match it for the cache entry to be used.
      link.crossOrigin = '';
      document.head.append(link);
    }
  });
}
