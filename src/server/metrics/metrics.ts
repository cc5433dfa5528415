import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { RUN_STATES } from '../../shared/contracts/runs';
import type { Db } from '../db/database';
import { countResourcesByStatus, countRunsByState, countUnsentMails } from './repository';

export interface RequestObservation {
  method: string;
  /** The route pattern that answered (`/api/users/:id`), never the raw path: the label set stays bounded. */
  route: string;
  status: number;
  seconds: number;
}

export interface PurgeObservation {
  runsDeleted: number;
  artifactsDeleted: number;
  seconds: number;
}

/** This server's Prometheus metrics (README, Monitoring). */
export interface Metrics {
  observeRequest(observation: RequestObservation): void;
  /** A schedule fired `lagMs` after its planned time. */
  observeScheduleLag(lagMs: number): void;
  /** A retention purge finished (retention/purge.ts). */
  observePurge(purge: PurgeObservation): void;
  /** The text exposition: the process's own metrics, then this server's, its gauges read from the database now. */
  scrape(): Promise<string>;
  readonly contentType: string;
}

let processRegistry: Registry | undefined;

/**
 * CPU, memory, event loop and GC of this process: one set per process (each replica serves its own), however many
 * servers it runs (tests start several), because the collectors they start are never stopped.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, prefix: 'studio_' });
  }
  return processRegistry;
}

/** Seconds; a tick is normally well under one, a catch-up firing (schedules/scheduleFiring.ts) up to an hour. */
const SCHEDULE_LAG_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300, 3600];

/** Gauges read at scrape time, each from one query; every series is set anew so a vanished label set disappears. */
function registerDatabaseGauges(registry: Registry, db: Db): void {
  new Gauge({
    name: 'studio_runs',
    help: 'Runs in the database by state.',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const counts = new Map((await countRunsByState(db)).map(({ state, count }) => [state, count]));
      for (const state of RUN_STATES) this.set({ state }, counts.get(state) ?? 0);
    },
  });
  new Gauge({
    name: 'studio_run_queue_length',
    help: 'Runs waiting for a resource (QUEUED).',
    registers: [registry],
    async collect() {
      const queued = (await countRunsByState(db)).find((row) => row.state === 'QUEUED');
      this.set(queued?.count ?? 0);
    },
  });
  new Gauge({
    name: 'studio_resources',
    help: 'Resources by type and status (available, in_use, offline).',
    labelNames: ['type', 'status'],
    registers: [registry],
    async collect() {
      const rows = await countResourcesByStatus(db);
      this.reset();
      for (const { type, status, count } of rows) this.inc({ type, status }, count);
    },
  });
  new Gauge({
    name: 'studio_mail_outbox_length',
    help: 'Notification mails in the outbox not sent yet.',
    registers: [registry],
    async collect() {
      this.set((await countUnsentMails(db)).unsent);
    },
  });
  new Gauge({
    name: 'studio_mail_outbox_retrying',
    help: 'Notification mails not sent yet that failed at least once.',
    registers: [registry],
    async collect() {
      this.set((await countUnsentMails(db)).retrying);
    },
  });
}

export function createMetrics(db: Db): Metrics {
  const registry = new Registry();
  const requests = new Counter({
    name: 'studio_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'studio_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (to its response headers), by method, route pattern and status.',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const scheduleLag = new Histogram({
    name: 'studio_schedule_lag_seconds',
    help: "From a schedule's planned time to its firing, on the replica that fired it.",
    buckets: SCHEDULE_LAG_BUCKETS,
    registers: [registry],
  });
  const purgedRuns = new Counter({
    name: 'studio_retention_runs_deleted_total',
    help: 'Runs the retention purge deleted, with their steps, logs and files, on this replica.',
    registers: [registry],
  });
  const purgedArtifacts = new Counter({
    name: 'studio_retention_artifacts_deleted_total',
    help: 'Run files (screenshots, videos, attachments) the retention purge removed on this replica.',
    registers: [registry],
  });
  const purgeDuration = new Gauge({
    name: 'studio_retention_last_purge_duration_seconds',
    help: 'How long the last retention purge on this replica took.',
    registers: [registry],
  });
  registerDatabaseGauges(registry, db);

  return {
    observeRequest({ method, route, status, seconds }) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    observeScheduleLag(lagMs) {
      scheduleLag.observe(Math.max(0, lagMs) / 1000);
    },
    observePurge({ runsDeleted, artifactsDeleted, seconds }) {
      purgedRuns.inc(runsDeleted);
      purgedArtifacts.inc(artifactsDeleted);
      purgeDuration.set(seconds);
    },
    async scrape() {
      return `${await processMetrics().metrics()}\n${await registry.metrics()}`;
    },
    contentType: registry.contentType,
  };
}
