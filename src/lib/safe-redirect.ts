import { APP_BASE_PATH } from '../shared/endpoints';

const SPACE = 0x20;
const DELETE = 0x7f;

/** Anything a browser strips or reinterprets inside a URL (tabs, line breaks, NUL, spaces) or treats as a slash. */
function hasSuspiciousCharacter(value: string): boolean {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (code <= SPACE || code === DELETE || character === '\\') return true;
  }
  return false;
}
const EXTERNAL_PREFIX = /^(https?:\/\/|www\.)/i;
const MAX_DECODE_ROUNDS = 3;
const PLACEHOLDER_ORIGIN = 'https://app.invalid';

/** Undoes percent-encoding a few times over, so double-encoded slashes or backslashes are seen too. */
function fullyDecoded(value: string): string | null {
  let current = value;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** The path part only: the query may legitimately carry an encoded address. */
function pathPart(value: string): string {
  return value.split(/[?#]/, 1)[0] ?? '';
}

function isUnsafePath(path: string): boolean {
  const decoded = fullyDecoded(path);
  return decoded === null || hasSuspiciousCharacter(decoded) || decoded.includes('//') || /(^|\/)\.\.?(\/|$)/.test(decoded);
}

function hostAllowed(url: URL, allowedHosts: readonly string[]): boolean {
  const allowed = allowedHosts.map((host) => host.trim().toLowerCase()).filter(Boolean);
  return allowed.includes(url.host.toLowerCase()) || allowed.includes(url.hostname.toLowerCase());
}

function inAppPath(url: URL): string {
  const underBase = url.pathname === APP_BASE_PATH || url.pathname.startsWith(`${APP_BASE_PATH}/`);
  return `${underBase ? '' : APP_BASE_PATH}${url.pathname}${url.search}${url.hash}`;
}

function externalUrl(value: string, allowedHosts: readonly string[], currentOrigin: string): string | null {
  let url: URL;
  try {
    // The spec counts an address starting with www. as external; it is opened over https.
    url = new URL(/^www\./i.test(value) ? `https://${value}` : value);
  } catch {
    return null;
  }
  if (url.username || url.password || isUnsafePath(url.pathname)) return null;
  if (url.origin === currentOrigin) return inAppPath(url);
  return hostAllowed(url, allowedHosts) ? url.href : null;
}

/**
 * Where to go after sign-in: a path of this app (always returned under /studio/, app-relative paths such as
 * 'automation-studio' or '/automation-studio' included), or an absolute http(s) address whose host is one of
 * `allowedHosts` (config redirectHosts). Anything else - other hosts, protocol-relative '//host', other schemes,
 * backslashes, control characters, dot segments, encoded variants of those - gives null.
 */
export function resolveNextUrl(
  nextUrl: string | null | undefined,
  allowedHosts: readonly string[],
  currentOrigin: string = window.location.origin,
): string | null {
  const value = nextUrl?.trim();
  if (!value || hasSuspiciousCharacter(value)) return null;
  if (EXTERNAL_PREFIX.test(value)) return externalUrl(value, allowedHosts, currentOrigin);
  if (/^[a-z][a-z\d+.-]*:/i.test(value) || isUnsafePath(pathPart(value))) return null;
  const url = new URL(value, `${PLACEHOLDER_ORIGIN}${APP_BASE_PATH}/`);
  return url.origin === PLACEHOLDER_ORIGIN ? inAppPath(url) : null;
}
