import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { OpenedDatabase } from '../db/database';
import { releaseAdvisoryLock, tryAdvisoryLock } from '../db/dialect';
import { advisoryKey } from '../db/exclusive';

/**
 * Whether this process leads: fires schedules and moves firings on. Several replicas share one PostgreSQL database and
 * exactly one of them leads at a time; the others ask again on every tick, so when the leader dies (its session ends,
 * and PostgreSQL drops its lock with it) another leads from its next tick.
 */
export interface Leadership {
  isLeader(): Promise<boolean>;
  /** The answer of the last isLeader(), without asking the database (the health check shows it). */
  leads(): boolean;
  /** Gives the lead up (another replica takes it on its next tick). */
  close(): Promise<void>;
}

interface HeldConnection {
  connection: Kysely<unknown>;
  release: () => void;
  ended: Promise<void>;
}

/** One pooled connection kept out of the pool until `release` is called: a session-level lock lives as long as it. */
function holdConnection(db: Kysely<unknown>): Promise<HeldConnection> {
  return new Promise((resolve, reject) => {
    let release = (): void => undefined;
    const released = new Promise<void>((done) => {
      release = done;
    });
    const ended = db.connection().execute(async (connection) => {
      resolve({ connection, release, ended });
      await released;
    });
    ended.catch(reject);
  });
}

/**
 * SQLite: this process leads (one server process per SQLite file, README "Beyond one machine"). PostgreSQL: the
 * replica holding the advisory lock `name` leads; the lock is taken on a connection of its own, outside the pool,
 * kept for as long as it leads.
 */
export function createLeadership(database: Pick<OpenedDatabase, 'separateConnection'>, name: string): Leadership {
  const separate = database.separateConnection?.();
  if (!separate) return { isLeader: () => Promise.resolve(true), leads: () => true, close: () => Promise.resolve() };
  const db: Kysely<unknown> = separate;
  const key = advisoryKey(name);
  let held: HeldConnection | undefined;
  let closed = false;

  async function drop(): Promise<void> {
    const current = held;
    held = undefined;
    current?.release();
    await current?.ended.catch(() => undefined);
  }

  async function askDatabase(): Promise<boolean> {
    if (closed) return false;
    if (held) {
      try {
        // The lock lives with the session: while the connection answers, this replica still holds it.
        await sql`select 1`.execute(held.connection);
        return true;
      } catch {
        await drop();
      }
    }
    const candidate = await holdConnection(db);
    try {
      if (await tryAdvisoryLock(candidate.connection, key)) {
        held = candidate;
        return true;
      }
    } catch {
      // A database that cannot be reached makes nobody leader here; the next tick asks again.
    }
    candidate.release();
    await candidate.ended.catch(() => undefined);
    return false;
  }

  let leading = false;
  return {
    async isLeader() {
      leading = await askDatabase().catch((error: unknown) => {
        leading = false;
        throw error;
      });
      return leading;
    },
    leads: () => leading,
    async close() {
      if (closed) return;
      closed = true;
      leading = false;
      if (held) await releaseAdvisoryLock(held.connection, key).catch(() => undefined);
      await drop();
      await db.destroy();
    },
  };
}
