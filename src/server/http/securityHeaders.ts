import { secureHeaders } from 'hono/secure-headers';

const SELF = "'self'";

/**
 * Same-origin app: scripts, workers and the manifest come from this origin only (the Vite build has no inline
 * scripts); inline style attributes are allowed because React and react-aria set element styles. The device
 * control page embeds port 7100 of the current host, which CSP can only express as any host on that port.
 */
export function securityHeaders() {
  return secureHeaders({
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
}
