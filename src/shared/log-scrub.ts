/**
 * Takes tokens and personal data out of a text bound for a log (the client's error reports, on both sides: the
 * client before sending, the server again before writing, since a report is whatever a caller posts).
 */

export const REDACTED = '[redacted]';

/** Query or form parameters whose values are credentials (or one-time codes worth as much). */
const SECRET_PARAMETERS = [
  'token',
  'access_token',
  'refresh_token',
  'refreshtoken',
  'id_token',
  'apitoken',
  'api_token',
  'api_key',
  'apikey',
  'key',
  'password',
  'passwd',
  'pwd',
  'pass',
  'secret',
  'client_secret',
  'code',
  'state',
  'auth',
  'authorization',
  'signature',
  'sig',
  'session',
  'dashboardid',
];

const SECRET_PARAMETER = new RegExp(`([?&#;]\\s*(?:${SECRET_PARAMETERS.join('|')})=)[^&#\\s"'\`<>]*`, 'gi');
/** `token: …`, `"password":"…"`, `refreshtoken=…` written in a message rather than a URL. */
const SECRET_FIELD = /(\b(?:token|refreshtoken|refresh_token|access_token|password|passwd|secret|apiToken|api_key|authorization)\b["']?\s*[:=]\s*["']?)(?!Bearer\b)[^\s"',;&}]+/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9\-._~+/]+=*/gi;
/** Three base64url parts, the first a JSON header: a JWT wherever it appears. */
const JWT = /\beyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/g;
/** Long random-looking runs (refresh, resource and display tokens are 43+ characters of base64url). */
const LONG_RANDOM = /[A-Za-z0-9_-]{32,}/g;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function scrubText(text: string): string {
  return text
    .replace(BEARER, `$1 ${REDACTED}`)
    .replace(JWT, '[jwt]')
    .replace(SECRET_PARAMETER, `$1${REDACTED}`)
    .replace(SECRET_FIELD, `$1${REDACTED}`)
    .replace(EMAIL, '[email]')
    // Ids (UUIDs) name runs and collections and are kept; other long runs are treated as secrets.
    .replace(LONG_RANDOM, (run) => (UUID.test(run) ? run : REDACTED));
}

/** A text cut to `limit` characters, the cut marked. */
export function truncateText(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, Math.max(0, limit - 1))}…`;
}

/** A URL reduced to where it points: origin and path, no query or fragment (they carry tokens and search terms). */
export function urlWithoutQuery(url: string): string {
  const cut = url.search(/[?#]/);
  return scrubText(cut === -1 ? url : url.slice(0, cut));
}
