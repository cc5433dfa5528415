import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { API_BASE, APP_BASE_PATH } from '../../shared/endpoints';

const SELF = "'self'";
const API_PREFIX = `${API_BASE}/`;
/** Vite's content-hashed scripts, styles and images. */
const HASHED_ASSETS_PREFIX = `${APP_BASE_PATH}/assets/`;

/**
 * Same-origin app: scripts, workers and the manifest come from this origin only (the Vite build has no inline
 * scripts); inline style attributes are allowed because React and react-aria set element styles. The device
 * control page embeds port 7100 of the current host, which CSP can only express as any host on that port.
 */
const documentHeaders = secureHeaders({
  contentSecurityPolicy: {
    defaultSrc: [SELF],
    baseUri: [SELF],
    scriptSrc: [SELF],
    styleSrc: [SELF, "'unsafe-inline'"],
    imgSrc: [SELF, 'data:', 'blob:'],
    fontSrc: [SELF, 'data:'],
    connectSrc: [SELF],
    workerSrc: [SELF],
    manifestSrc: [SELF],
    frameSrc: [SELF, 'http://*:7100', 'https://*:7100'],
    objectSrc: ["'none'"],
    formAction: [SELF],
    frameAncestors: [SELF],
  },
  referrerPolicy: 'strict-origin-when-cross-origin',
  // A plain-HTTP install on a LAN must keep working; HSTS belongs to the TLS proxy in front, if any.
  strictTransportSecurity: false,
  // The Google sign-in redirect comes back as a top-level navigation, which same-origin COOP allows.
  crossOriginOpenerPolicy: 'same-origin',
});

/**
 * A hashed script, style or image is never a document, so the document headers (CSP, framing, referrer, COOP) mean
 * nothing on it; it keeps what protects a subresource (nosniff, same-origin CORP). About 600 bytes less on each of the
 * sign-in page's scripts. The service worker script is not under assets/ and keeps the CSP that governs it.
 */
const subresourceHeaders = secureHeaders({
  contentSecurityPolicy: undefined,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/**
 * An API answer is data, never a page to render: it may not be framed, sniffed or run anything if opened in a tab. A
 * short policy says so; the page headers (about 900 bytes) would be written with each of thousands of polls a minute.
 */
const apiHeaders = secureHeaders({
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: 'no-referrer',
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: 'DENY',
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

export function securityHeaders(): MiddlewareHandler {
  return (c, next) => {
    if (c.req.path.startsWith(HASHED_ASSETS_PREFIX)) return subresourceHeaders(c, next);
    if (c.req.path.startsWith(API_PREFIX)) return apiHeaders(c, next);
    return documentHeaders(c, next);
  };
}
