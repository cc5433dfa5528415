import { createDiskWatch } from './disk/diskWatch';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { OpenAPIHono } from '@hono/zod-openapi';
import { bodyLimit } from 'hono/body-limit';
import { API_BASE, APP_BASE_PATH, endpoints } from '../shared/endpoints';
import { ensureAdministrator, type AdminBootstrap } from './users/bootstrapAdmin';
import { createAccessTokenSigner } from './auth/accessTokens';
import { loadOrCreateJwtSecret } from './auth/jwtSecret';
import { createRateLimiter } from './auth/rateLimiter';
import { createSessions } from './auth/sessions';
import { databaseTargetOf, openDatabase } from './db/database';
import { exclusively } from './db/exclusive';
import { registerDemoApp } from './demo/demoApp';
import { seedDemoCollections } from './demo/seedDemoCollections';
import { schedulePruning } from './db/pruneExpired';
import { scheduleRetentionPurge } from './retention/purge';
import { registerApiRoutes } from './registerApiRoutes';
import { ApiError } from './http/apiError';
import type { AppEnv } from './http/appEnv';
import { authorize } from './http/authorization';
import { BEARER_SCHEME, createEndpointDeclarer, type DeclaredEndpoint } from './http/endpoints';
import { handleError, handleNotFound } from './http/errorHandling';
import { etag } from './http/etag';
import { idempotency } from './http/idempotency';
import { createPollCache } from './http/pollCache';
import { securityHeaders } from './http/securityHeaders';
import { validationHook } from './http/validation';
import { DEFAULT_OPTIONS, type ServerOptions } from './options';
import { registerBrowserPool } from './resources/browserPool';
import { replicaNameOf } from './runs/replicas';
import { smtpMailSender } from './notifications/smtpSender';
import { startMailWorker } from './notifications/worker';
import { createRunService } from './runs/service';
import { createLeadership } from './schedules/leadership';
import { createScheduler } from './schedules/scheduler';
import { startScheduleFiring } from './schedules/scheduleFiring';
import type { Services } from './services';
import { registerStaticRoutes } from './static/staticFiles';
import { createOutboundPolicy } from './outbound/policy';
import { createDownloadTokens } from './runs/downloadTokens';
import { createLogger, withLogger, type Logger } from './logs/logger';
import { createMetrics } from './metrics/metrics';
import { registerMetricsRoute } from './metrics/routes/getMetrics';
import { requestContext } from './http/requestContext';

const MAX_JSON_BODY_BYTES = 1024 * 1024;

export interface StudioApp {
  app: OpenAPIHono<AppEnv>;
  services: Services;
  /** Every endpoint declared through `endpoint()`, with its access rule. */
  registry: readonly DeclaredEndpoint[];
  admin: AdminBootstrap;
  /** Stops the scheduler and closes the database. */
  close(): Promise<void>;
}

/**
 * Opens (and on first start creates) the database, the administrator and the browser pool, and builds the app. What it
 * starts logs through this server's logger (logs/logger.ts log()), even beside other servers in one process (tests).
 */
export async function createApp(overrides: Partial<ServerOptions> = {}): Promise<StudioApp> {
  const options: ServerOptions = { ...DEFAULT_OPTIONS, ...overrides };
  const logger = createLogger({ level: options.logLevel, destination: options.logDestination });
  return withLogger(logger, () => buildApp(options, logger));
}

async function buildApp(options: ServerOptions, logger: Logger): Promise<StudioApp> {
  const database = await openDatabase(databaseTargetOf(options));
  const { db } = database;
  const secret = await loadOrCreateJwtSecret({ db, fromEnvironment: options.jwtSecret, dataDir: options.dataDir });
  const signer = createAccessTokenSigner(secret, options.accessTokenTtlSeconds);
  const admin = await exclusively(db, 'first-start', async (locked) => {
    const made = await ensureAdministrator(locked, { email: options.adminEmail, password: options.adminPassword }, options.passwordHashCost);
    await registerBrowserPool(locked, options.browserPoolSize, options.chromiumPath);
    await seedDemoCollections(locked);
    return made;
  });
  const scheduler = createScheduler(options.schedulerIntervalMs);
  const filesDir = options.artifactsDir ?? options.dataDir;
  const outbound = createOutboundPolicy(options.outboundAllow, options.outboundResolver);
  const runs = await createRunService({
    db,
    filesDir,
    replicaId: replicaNameOf(options),
    chromiumPath: options.chromiumPath,
    browserPoolSize: options.browserPoolSize,
    scheduler,
    browserWork: options.browserWork,
    outbound,
  });

  const services: Services = {
    db,
    database,
    signer,
    sessions: createSessions(db, signer, { ...options, tokenKey: secret }),
    loginLimiter: createRateLimiter(db, 'sign-in', options.loginLimits),
    scheduler,
    google:
      options.googleClientId && options.googleClientSecret
        ? {
            clientId: options.googleClientId,
            clientSecret: options.googleClientSecret,
            tokenUrl: options.googleTokenUrl,
            userInfoUrl: options.googleUserInfoUrl,
          }
        : null,
    chromiumPath: options.chromiumPath,
    passwordHashCost: options.passwordHashCost,
    runs,
    filesDir,
    publicDir: options.publicDir,
    leadership: createLeadership(database, 'scheduler'),
    pollCache: createPollCache({ writeGeneration: database.writeGeneration }),
    outbound,
    downloadTokens: createDownloadTokens(secret),
    logger,
    metrics: createMetrics(db),
    disk: createDiskWatch({ dataDir: options.dataDir, filesDir }),
  };

  schedulePruning(services.scheduler, db);
  const retentionPurge = options.retentionPurge ? scheduleRetentionPurge(services) : undefined;
  startScheduleFiring(services);

  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.use('*', requestContext(logger, services.metrics));
  app.use('*', securityHeaders());
  app.use(`${API_BASE}/*`, etag());
  const jsonBodyLimit = bodyLimit({
    maxSize: MAX_JSON_BODY_BYTES,
    onError: () => {
      throw new ApiError(413, `The request body is larger than ${MAX_JSON_BODY_BYTES} bytes.`);
    },
  });
  // Uploads above the JSON limit; each of these endpoints enforces its own (MAX_IMPORT_FILE_BYTES, VARIABLE_LIMITS.excelFileBytes).
  const uploads = new Set<string>([endpoints.importExport.importExport, endpoints.variables.createExcel, endpoints.variables.updateExcel]);
  const isUpload = (method: string, path: string) => method === 'POST' && uploads.has(path);
  // GET and HEAD carry no body; checking one would build a whole fetch Request for every poll.
  const hasNoBody = (method: string) => method === 'GET' || method === 'HEAD';
  app.use(`${API_BASE}/*`, (c, next) => (hasNoBody(c.req.method) || isUpload(c.req.method, c.req.path) ? next() : jsonBodyLimit(c, next)));
  app.openAPIRegistry.registerComponent('securitySchemes', BEARER_SCHEME, { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });

  const idempotent = idempotency(db);
  const { endpoint, registry } = createEndpointDeclarer(app, (declared) => [authorize(services, declared), idempotent]);
  registerApiRoutes({ app, endpoint, services });
  registerDemoApp(app);
  app.doc31(endpoints.openApi, {
    openapi: '3.1.0',
    info: {
      title: 'Studio platform API',
      version: '1.0.0',
      description: 'Sign in at POST /api/tokens/ and send the `token` header value as a bearer token.',
    },
  });
  registerMetricsRoute(app, services.metrics, options.metricsToken);
  registerStaticRoutes(app, { staticDir: options.staticDir, publicDir: options.publicDir });
  app.notFound(handleNotFound);
  app.onError(handleError);

  return {
    app,
    services,
    registry,
    admin,
    async close() {
      await services.runs.close();
      await services.scheduler.stop();
      await retentionPurge?.stop();
      await services.leadership.close();
      await database.close();
    },
  };
}

export interface RunningServer extends StudioApp {
  host: string;
  port: number;
  /** e.g. http://127.0.0.1:8080 */
  origin: string;
  /** The app's address, e.g. http://127.0.0.1:8080/studio/ */
  url: string;
}

const KEEP_ALIVE_TIMEOUT_MS = 65_000;

function listen(app: OpenAPIHono<AppEnv>, host: string, port: number): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolvePromise, reject) => {
    const server = serve({ fetch: app.fetch, hostname: host, port }, (info: AddressInfo) => resolvePromise({ server, port: info.port }));
    server.once('error', reject);
    // Node closes an idle keep-alive connection after 5 s, which a client may have just picked for its next request
    // (clients keep it 1 s less than the Keep-Alive header says, a margin a busy machine can eat): that request then
    // fails with ECONNRESET. Polling pages (every 5 s) also reconnected each time. Kept longer, the race needs a minute.
    if ('keepAliveTimeout' in server) {
      server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
      server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1_000;
    }
  });
}

/** While the server closes, how often connections that went idle since are closed. */
const CLOSE_IDLE_EVERY_MS = 50;

export function closeServer(server: ServerType): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    // Idle keep-alive sockets would hold close() open for the keep-alive timeout (65 s). In-flight requests still
    // finish, and Node leaves their connections open once idle: each is closed as soon as it is.
    const closeIdle = () => {
      if ('closeIdleConnections' in server) server.closeIdleConnections();
    };
    const sweeper = setInterval(closeIdle, CLOSE_IDLE_EVERY_MS);
    server.close((error) => {
      clearInterval(sweeper);
      if (error) reject(error);
      else resolvePromise();
    });
    closeIdle();
  });
}

export async function startServer(overrides: Partial<ServerOptions> = {}): Promise<RunningServer> {
  const options: ServerOptions = { ...DEFAULT_OPTIONS, ...overrides };
  const studio = await createApp(overrides);
  return withLogger(studio.services.logger, () => serveApp(studio, options));
}

/** Listens, then starts the scheduler, the run queue and the mail worker, which log through the app's logger. */
async function serveApp(studio: StudioApp, options: ServerOptions): Promise<RunningServer> {
  const { host } = options;
  let listening: { server: ServerType; port: number };
  try {
    listening = await listen(studio.app, host, options.port);
  } catch (error) {
    await studio.close();
    throw error;
  }
  studio.services.scheduler.start();
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${listening.port}`;
  studio.services.runs.start(origin);
  const mail = startMailWorker({
    db: studio.services.db,
    sender: options.mailSender ?? smtpMailSender(studio.services.db, studio.services.outbound),
    publicUrl: options.publicUrl ?? origin,
    workerId: replicaNameOf(options),
    pollMs: options.mailPollMs,
    retryBaseMs: options.mailRetryBaseMs,
  });
  return {
    ...studio,
    host,
    port: listening.port,
    origin,
    url: `${origin}${APP_BASE_PATH}/`,
    async close() {
      await mail.stop();
      await closeServer(listening.server);
      await studio.close();
    },
  };
}
