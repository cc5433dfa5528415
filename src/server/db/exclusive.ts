import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Db } from './database';
import { advisoryLock, dialectOf, releaseAdvisoryLock } from './dialect';

/** A stable 31-bit advisory lock key for `name`, so unrelated locks on one database do not collide. */
export function advisoryKey(name: string): number {
  return createHash('sha256').update(`studio:${name}`).digest().readUInt32BE(0) & 0x7fffffff;
}

/**
 * Runs `work` while no other process sharing the database runs work under `name`: replicas starting together make
 * the first administrator and the demo data once. `work` gets the connection holding the lock (PostgreSQL advisory
 * lock); on SQLite, one process per file, it gets `db` itself.
 */
export async function exclusively<T>(db: Db, name: string, work: (db: Db) => Promise<T>): Promise<T> {
  if (dialectOf(db) === 'sqlite') return work(db);
  const key = advisoryKey(name);
  return db.connection().execute(async (connection) => {
    const locking = connection as unknown as Kysely<unknown>;
    await advisoryLock(locking, key);
    try {
      return await work(connection);
    } finally {
      await releaseAdvisoryLock(locking, key);
    }
  });
}
