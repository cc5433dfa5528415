import { AsyncLocalStorage } from 'node:async_hooks';
import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export const DEFAULT_LOG_LEVEL: LogLevel = 'info';

const isLogLevel = (value: string): value is LogLevel => (LOG_LEVELS as readonly string[]).includes(value);

/** LOG_LEVEL's value, or DEFAULT_LOG_LEVEL when unset; anything else is a startup error naming the levels. */
export function parseLogLevel(raw: string | undefined): LogLevel {
  const value = raw?.trim().toLowerCase();
  if (value === undefined || value === '') return DEFAULT_LOG_LEVEL;
  if (!isLogLevel(value)) throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; got "${raw}"`);
  return value;
}

/**
 * Keys whose values never reach the log, wherever a logged object carries them (up to three levels deep): passwords,
 * tokens and keys of sign-in, SMTP, mail accounts, Jira and remote browsers, and the headers that carry them.
 */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'newPassword',
  'oldPassword',
  'currentPassword',
  'smtpPassword',
  'token',
  'accessToken',
  'refreshToken',
  'refresh_token',
  'access_token',
  'id_token',
  'apiToken',
  'api_token',
  'jiraToken',
  'secret',
  'clientSecret',
  'client_secret',
  'jwtSecret',
  'authorization',
  'Authorization',
  'cookie',
  'Cookie',
  'set-cookie',
  'x-refresh-token',
];

/** pino's redact paths: each key at the top, and under one or two levels of any object (`req.headers.cookie`). */
export const REDACTED_PATHS = SECRET_KEYS.flatMap((key) => {
  const segment = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const join = (prefix: string) => (segment.startsWith('[') ? `${prefix}${segment}` : `${prefix}.${segment}`);
  return [segment, join('*'), join('*.*')];
});

export const REDACTED = '[REDACTED]';

export interface LoggerOptions {
  level?: LogLevel;
  /** Where the lines go instead of standard output (tests read them). */
  destination?: DestinationStream | undefined;
}

/** The server's structured log: one JSON object per line on standard output (DESIGN.md, Operating it), with ISO times. */
export function createLogger({ level = DEFAULT_LOG_LEVEL, destination }: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      base: { service: 'studio-platform' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: REDACTED },
    },
    destination,
  );
}

function levelOrDefault(raw: string | undefined): LogLevel {
  try {
    return parseLogLevel(raw);
  } catch {
    return DEFAULT_LOG_LEVEL;
  }
}

const activeLogger = new AsyncLocalStorage<Logger>();
let processLogger: Logger | undefined;

/**
 * The logger of the work under way: within a request, the request's own (its lines carry the request id); within a
 * server's background work (scheduler, run queue, mail worker), that server's; elsewhere, one for the process, at
 * LOG_LEVEL (an invalid value falls back to the default here: the server refuses it at start, readServerOptions).
 */
export function log(): Logger {
  const active = activeLogger.getStore();
  if (active) return active;
  processLogger ??= createLogger({ level: levelOrDefault(process.env.LOG_LEVEL) });
  return processLogger;
}

/** Runs `work` (and every callback, timer and promise it starts) with `logger` as the one log() answers. */
export function withLogger<T>(logger: Logger, work: () => T): T {
  return activeLogger.run(logger, work);
}
