import type { DiskWatch } from './disk/diskWatch';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AccessTokenSigner } from './auth/accessTokens';
import type { RateLimiter } from './auth/rateLimiter';
import type { Sessions } from './auth/sessions';
import type { Db, OpenedDatabase } from './db/database';
import type { AppEnv } from './http/appEnv';
import type { DeclareEndpoint } from './http/endpoints';
import type { PollCache } from './http/pollCache';
import type { Leadership } from './schedules/leadership';
import type { Scheduler } from './schedules/scheduler';
import type { GoogleSsoSettings } from './auth/googleSso';
import type { RunService } from './runs/service';
import type { OutboundPolicy } from './outbound/policy';
import type { DownloadTokens } from './runs/downloadTokens';
import type { Logger } from './logs/logger';
import type { Metrics } from './metrics/metrics';
import type { PasswordHashCost } from './auth/passwords';

/** Long-lived parts of a running server, shared by the endpoint modules. */
export interface Services {
  db: Db;
  /** The connection behind `db`: its engine, and fault injection for tests. */
  database: OpenedDatabase;
  signer: AccessTokenSigner;
  sessions: Sessions;
  loginLimiter: RateLimiter;
  scheduler: Scheduler;
  google: GoogleSsoSettings | null;
  chromiumPath: string;
  /** The scrypt cost of passwords hashed from now on (ServerOptions.passwordHashCost). */
  passwordHashCost: PasswordHashCost;
  /** The run queue, dispatcher and executors. */
  runs: RunService;
  /** Where files live (ARTIFACTS_DIR, by default DATA_DIR): artifacts/, attachments/, imports/ and exports/ in it. */
  filesDir: string;
  /** PUBLIC_DIR: the runtime config files (assets/studio_config.json) the app reads, editable without a rebuild. */
  publicDir: string;
  /** Whether this replica fires schedules (schedules/leadership.ts). */
  leadership: Leadership;
  /** Answers of polled views, kept while nothing was written (http/pollCache.ts). */
  pollCache: PollCache;
  /** Which hosts a user typed (Jira, mail servers, remote browsers) the server may connect to (OUTBOUND_ALLOW). */
  outbound: OutboundPolicy;
  /** Short-lived links to run files (runs/downloadTokens.ts). */
  downloadTokens: DownloadTokens;
  /** The structured server log (pino); within a request, log() answers its child carrying the request id. */
  logger: Logger;
  /** The Prometheus metrics GET /metrics serves. */
  metrics: Metrics;
  /** The free space of DATA_DIR and ARTIFACTS_DIR: the Health page shows it, runs and imports need some. */
  disk: DiskWatch;
}

/** What an endpoint module needs to declare its routes. */
export interface Api {
  app: OpenAPIHono<AppEnv>;
  endpoint: DeclareEndpoint;
  services: Services;
}
