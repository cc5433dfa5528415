/// <reference lib="webworker" />
import { clientsClaim, type WorkboxPlugin } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const scopePath = new URL(self.registration.scope).pathname;
/** The runtime config files the client may load (spec part 1 §9); the client adds a cache-buster query. */
const CONFIG_PATHS = new Set(['assets/studio_config.json', 'assets/staging_config.json'].map((file) => `${scopePath}${file}`));
const CONFIG_NETWORK_TIMEOUT_SECONDS = 3;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * The client busts the browser cache with a query string on every load; one cache entry per
 * path keeps exactly the last good config whatever the query was.
 */
const configCachePlugin: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.search = '';
    return url.href;
  },
  // A 404/500 or an HTML error page must not replace the last good config, nor be shown instead of it.
  fetchDidSucceed: async ({ response }) => {
    if (!response.ok || !(response.headers.get('content-type') ?? '').includes('json')) {
      throw new Error(`Config answered ${response.status}; using the last good copy`);
    }
    return response;
  },
};

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && CONFIG_PATHS.has(url.pathname),
  new NetworkFirst({ cacheName: 'studio-config', networkTimeoutSeconds: CONFIG_NETWORK_TIMEOUT_SECONDS, plugins: [configCachePlugin] }),
);

/**
 * App routes are extension-less paths under the scope, outside assets/. API calls live outside the
 * scope and files such as /studio/missing.js must reach the server (and 404), never the shell.
 * No other route exists, so /api is never cached.
 */
const escapedScope = scopePath.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
registerRoute(
  new NavigationRoute(createHandlerBoundToURL(`${scopePath}index.html`), {
    allowlist: [new RegExp(`^${escapedScope.replace(/\/$/, '')}(/|$)`)],
    denylist: [new RegExp(`^${escapedScope}assets/`), /\/[^/?]*\.[^/?]+(\?|$)/],
  }),
);

// A new version waits until the page asks for it, so assets are never swapped under a running page.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first install takes control at once so the shell works offline from the first visit; there is no older version to swap.
clientsClaim();
