import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { Db } from '../db/database';
import { dialectOf } from '../db/dialect';
import { abortRuns } from './repository';

/** How often a replica records that it is alive. */
export const REPLICA_HEARTBEAT_MS = 5_000;
/** A replica silent for this long is dead: its runs are aborted and their resources freed. */
export const REPLICA_DEAD_AFTER_MS = 20_000;

export const RESTART_ABORT_LOG = 'The server stopped while this run was in progress: aborted at restart';
export const deadReplicaAbortLog = (replicaId: string): string =>
  `The server replica executing this run (${replicaId}) stopped answering: aborted`;

/**
 * The name a replica goes by in `replicas` and `runs.replica_id`: REPLICA_NAME when set, else this host, port and data
 * folder. A process restarted with the same name knows the runs it left RUNNING are interrupted, as after a crash.
 */
export function replicaNameOf(options: { replicaName?: string | undefined; port: number; dataDir: string }): string {
  return options.replicaName || `${hostname()}:${options.port}:${resolve(options.dataDir)}`;
}

/**
 * Joins the replicas of the database as `replicaId`. Runs this name left RUNNING (a restart, a crash) are aborted and
 * their resources freed; so are runs no live replica claims. On SQLite this process is the only one, so every RUNNING
 * run was interrupted. QUEUED runs stay queued.
 */
export async function joinReplicas(db: Db, replicaId: string, now: number = Date.now()): Promise<number> {
  const sole = dialectOf(db) === 'sqlite';
  if (sole) await db.deleteFrom('replicas').execute();
  const interrupted = await db
    .selectFrom('runs')
    .select('status_id')
    .where('state', '=', 'RUNNING')
    .$if(!sole, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('replica_id', '=', replicaId),
          eb('replica_id', 'is', null),
          eb.not(eb.exists(eb.selectFrom('replicas').select('replicas.id').whereRef('replicas.id', '=', 'runs.replica_id'))),
        ]),
      ),
    )
    .orderBy('time_submitted')
    .execute();
  const aborted = await abortRuns(
    db,
    interrupted.map((run) => run.status_id),
    RESTART_ABORT_LOG,
  );
  await recordAlive(db, replicaId, now, { started: true });
  return aborted;
}

/** Upserts the replica's row; `started` also resets its start time (a join rather than a beat). */
async function recordAlive(db: Db, replicaId: string, now: number, { started }: { started: boolean }): Promise<void> {
  await db
    .insertInto('replicas')
    .values({ id: replicaId, host: hostname(), started_at: now, beat_at: now })
    .onConflict((oc) => oc.column('id').doUpdateSet({ host: hostname(), beat_at: now, ...(started ? { started_at: now } : {}) }))
    .execute();
}

/** Records that `replicaId` is alive (again, if another replica had given it up for dead). */
export async function beat(db: Db, replicaId: string, now: number = Date.now()): Promise<void> {
  await recordAlive(db, replicaId, now, { started: false });
}

/**
 * Gives up replicas silent for REPLICA_DEAD_AFTER_MS: each is removed by exactly one replica (the delete is
 * conditional), which then aborts the runs it was executing. Answers how many runs were aborted.
 */
export async function abortRunsOfDeadReplicas(db: Db, now: number = Date.now()): Promise<number> {
  const silent = await db.selectFrom('replicas').select('id').where('beat_at', '<', now - REPLICA_DEAD_AFTER_MS).execute();
  let aborted = 0;
  for (const { id } of silent) {
    const removed = await db.deleteFrom('replicas').where('id', '=', id).where('beat_at', '<', now - REPLICA_DEAD_AFTER_MS).executeTakeFirst();
    if (removed.numDeletedRows === 0n) continue;
    const running = await db.selectFrom('runs').select('status_id').where('state', '=', 'RUNNING').where('replica_id', '=', id).execute();
    aborted += await abortRuns(
      db,
      running.map((run) => run.status_id),
      deadReplicaAbortLog(id),
    );
  }
  return aborted;
}
