import { resolve } from 'node:path';
import type { DestinationStream } from 'pino';
import { DEFAULT_LOGIN_LIMITS, type RateLimits } from './auth/rateLimiter';
import { GOOGLE_TOKEN_URL, GOOGLE_USERINFO_URL } from './auth/googleSso';
import type { BrowserWork } from './runs/service';
import { MAIL_POLL_MS, MAIL_RETRY_BASE_MS, type MailSender } from './notifications/worker';
import { DEFAULT_LOG_LEVEL, parseLogLevel, type LogLevel } from './logs/logger';
import { PASSWORD_HASH_COST, type PasswordHashCost } from './auth/passwords';
import { chromiumPathFrom, DEFAULT_CHROMIUM_PATH } from './runs/executor/chromiumPath';
import { ALLOW_ANY, OUTBOUND_ALLOW_VARIABLE, parseOutboundAllow, type OutboundAllowList, type ResolveAll } from './outbound/policy';

export interface ServerOptions {
  /** 0 picks any free port. */
  port: number;
  host: string;
  dataDir: string;
  /**
   * Where files go (screenshots, videos, attachments, imports, exports): a folder every replica shares, such as a
   * network volume. Without it, dataDir.
   */
  artifactsDir?: string | undefined;
  /** This process's name among replicas sharing a database; by default its host, port and dataDir (runs/replicas.ts). */
  replicaName?: string | undefined;
  /** postgres://… selects PostgreSQL; without it the data lives in SQLite under dataDir. */
  databaseUrl?: string | undefined;
  /** Base64url HS256 key shared by every replica; without it the key is made once and kept in the database. */
  jwtSecret?: string | undefined;
  /** Used instead of generated credentials on the first start only. */
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
  chromiumPath: string;
  browserPoolSize: number;
  googleClientId?: string | undefined;
  googleClientSecret?: string | undefined;
  googleTokenUrl: string;
  googleUserInfoUrl: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  refreshGraceSeconds: number;
  staticDir: string;
  publicDir: string;
  schedulerIntervalMs: number;
  loginLimits: RateLimits;
  /**
   * The scrypt cost of the passwords this server hashes (the administrator's, new users', changed ones). Programmatic
   * only, like browserWork: the in-process server tests lower it, since each hash at the real cost takes about 0.1 s of
   * CPU; readServerOptions never sets it, so no deployment can weaken it.
   */
  passwordHashCost: PasswordHashCost;
  /**
   * Replaces what every run does in its browser (runs/runService.ts BrowserWork). For benches and tests that start the
   * server in-process: readServerOptions never sets it, so no environment variable or request can.
   */
  browserWork?: BrowserWork | undefined;
  /** The app's address as users reach it (PUBLIC_URL), for links in mails; without it, the listening address. */
  publicUrl?: string | undefined;
  /** How often the mail outbox is read (notifications/worker.ts). */
  mailPollMs: number;
  /** The first retry delay of a mail that could not be sent; each further one doubles. */
  mailRetryBaseMs: number;
  /** Replaces SMTP sending of notification mails: programmatic only (tests), like browserWork. */
  mailSender?: MailSender | undefined;
  /** OUTBOUND_ALLOW: the hosts a user typed that the server may connect to; by default any but link-local ones. */
  outboundAllow: OutboundAllowList;
  /** Replaces the system resolver for user-typed hosts: programmatic only (tests of names that resolve to refused addresses). */
  outboundResolver?: ResolveAll | undefined;
  /** Where the structured log goes instead of standard output: programmatic only (tests read it). */
  logDestination?: DestinationStream | undefined;
  /** LOG_LEVEL: the least severe level written. */
  logLevel: LogLevel;
  /** METRICS_TOKEN: the bearer token GET /metrics asks for; without it /metrics does not exist. */
  metricsToken?: string | undefined;
  /**
   * Whether the scheduler's tick starts the hourly retention purge on the real clock. Programmatic only: the in-process
   * test servers turn it off, since their fixtures place history at fixed past dates that the purge, racing the
   * fixture's inserts, would delete; the purge's own tests run it with a clock of their own (retention.test.ts).
   */
  retentionPurge: boolean;
}

export const DEFAULT_OPTIONS: ServerOptions = {
  port: 8080,
  host: '127.0.0.1',
  dataDir: './data',
  chromiumPath: DEFAULT_CHROMIUM_PATH,
  browserPoolSize: 2,
  googleTokenUrl: GOOGLE_TOKEN_URL,
  googleUserInfoUrl: GOOGLE_USERINFO_URL,
  accessTokenTtlSeconds: 900,
  refreshTokenTtlSeconds: 14 * 24 * 60 * 60,
  refreshGraceSeconds: 10,
  staticDir: './dist',
  publicDir: './public',
  schedulerIntervalMs: 1000,
  loginLimits: DEFAULT_LOGIN_LIMITS,
  passwordHashCost: PASSWORD_HASH_COST,
  mailPollMs: MAIL_POLL_MS,
  mailRetryBaseMs: MAIL_RETRY_BASE_MS,
  outboundAllow: ALLOW_ANY,
  logLevel: DEFAULT_LOG_LEVEL,
  retentionPurge: true,
};

function integerFrom(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer of at least ${min}, got "${raw}"`);
  return value;
}

function textFrom(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === '' ? undefined : value;
}

function optionalPath(path: string | undefined): string | undefined {
  return path === undefined ? undefined : resolve(path);
}

function databaseUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const url = textFrom(env, 'DATABASE_URL');
  if (url !== undefined && !/^postgres(ql)?:\/\//.test(url)) throw new Error(`DATABASE_URL must start with postgres:// or postgresql://, got "${url.split('@').pop() ?? ''}"`);
  return url;
}

function publicUrlFrom(env: NodeJS.ProcessEnv): string | undefined {
  const url = textFrom(env, 'PUBLIC_URL');
  if (url !== undefined && !/^https?:\/\/[^/]/.test(url)) throw new Error(`PUBLIC_URL must be an http:// or https:// address, got "${url}"`);
  return url;
}

/** Reads the documented environment variables (README), falling back to DEFAULT_OPTIONS. */
export function readServerOptions(env: NodeJS.ProcessEnv): ServerOptions {
  const port = integerFrom(env, 'PORT', DEFAULT_OPTIONS.port, 0);
  if (port > 65535) throw new Error(`PORT must be at most 65535, got ${port}`);
  return {
    ...DEFAULT_OPTIONS,
    port,
    host: textFrom(env, 'HOST') ?? DEFAULT_OPTIONS.host,
    dataDir: resolve(textFrom(env, 'DATA_DIR') ?? DEFAULT_OPTIONS.dataDir),
    artifactsDir: optionalPath(textFrom(env, 'ARTIFACTS_DIR')),
    replicaName: textFrom(env, 'REPLICA_NAME'),
    databaseUrl: databaseUrlFrom(env),
    jwtSecret: textFrom(env, 'JWT_SECRET'),
    adminEmail: textFrom(env, 'STUDIO_ADMIN_EMAIL'),
    adminPassword: env.STUDIO_ADMIN_PASSWORD || undefined,
    chromiumPath: chromiumPathFrom(env),
    browserPoolSize: integerFrom(env, 'BROWSER_POOL_SIZE', DEFAULT_OPTIONS.browserPoolSize, 0),
    googleClientId: textFrom(env, 'GOOGLE_CLIENT_ID'),
    googleClientSecret: textFrom(env, 'GOOGLE_CLIENT_SECRET'),
    accessTokenTtlSeconds: integerFrom(env, 'ACCESS_TOKEN_TTL_SECONDS', DEFAULT_OPTIONS.accessTokenTtlSeconds, 1),
    staticDir: resolve(textFrom(env, 'STATIC_DIR') ?? DEFAULT_OPTIONS.staticDir),
    publicDir: resolve(textFrom(env, 'PUBLIC_DIR') ?? DEFAULT_OPTIONS.publicDir),
    publicUrl: publicUrlFrom(env),
    outboundAllow: parseOutboundAllow(env[OUTBOUND_ALLOW_VARIABLE]),
    logLevel: parseLogLevel(env.LOG_LEVEL),
    metricsToken: textFrom(env, 'METRICS_TOKEN'),
  };
}
