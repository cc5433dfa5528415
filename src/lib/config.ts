import { queryOptions } from '@tanstack/react-query';
import { parseStudioConfig, type StudioConfig } from '../shared/config';
import { endpoints } from '../shared/endpoints';
import { readJson, STORAGE_KEYS } from './session';

function storeConfig(config: StudioConfig): StudioConfig {
  localStorage.setItem(STORAGE_KEYS.config, JSON.stringify(config));
  return config;
}

/**
 * GET the runtime config with a cache-buster, so a changed file takes effect on the next start.
 * A failed load stores and returns the empty config, as the spec asks; every flag then has its default.
 */
export async function loadConfig(now = Date.now()): Promise<StudioConfig> {
  const url = new URL(endpoints.config, window.location.origin);
  url.searchParams.set('v', String(now));
  try {
    const response = await fetch(url, { cache: 'no-store' });
    return storeConfig(response.ok ? parseStudioConfig(await response.json()) : {});
  } catch {
    return storeConfig({});
  }
}

/** The config of the last load (or {}), for code that runs outside React. */
export function getStoredConfig(): StudioConfig {
  return parseStudioConfig(readJson(STORAGE_KEYS.config) ?? {});
}

export const configQueryOptions = queryOptions({
  queryKey: ['config'] as const,
  queryFn: () => loadConfig(),
  // Loaded once per start; the service worker serves it network-first.
  staleTime: Infinity,
  // The root route waits for it, and it never fails (the service worker's last good copy offline, else {}): a page
  // started offline must not wait for the network to load it.
  networkMode: 'always',
  placeholderData: getStoredConfig,
});
