import type { Kysely, Migration } from 'kysely';
import { autoIncrementId } from '../dialect';

/**
 * State every server replica must share, kept in the database instead of DATA_DIR files or one process's memory:
 * secrets the server generates (the token signing key), the events the rate limits count, the replicas alive (their
 * heartbeats) and which of them executes a run; a schedule's planned instant fires once, whichever replica fires it;
 * and browser resources on other machines (their endpoint, token and last heartbeat).
 */
export const sharedStateMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('server_secrets')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('value', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    const id = autoIncrementId(db);
    await db.schema
      .createTable('rate_limit_events')
      .addColumn('id', id.type, id.build)
      .addColumn('bucket', 'text', (col) => col.notNull())
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('rate_limit_events_by_key').on('rate_limit_events').columns(['bucket', 'key', 'at']).execute();

    await db.schema
      .createTable('replicas')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('host', 'text', (col) => col.notNull())
      .addColumn('started_at', 'bigint', (col) => col.notNull())
      .addColumn('beat_at', 'bigint', (col) => col.notNull())
      .execute();
    await db.schema.alterTable('runs').addColumn('replica_id', 'text').execute();

    await db.schema.alterTable('resources').addColumn('remote_endpoint', 'text').execute();
    await db.schema.alterTable('resources').addColumn('token_hash', 'text').execute();
    await db.schema.alterTable('resources').addColumn('last_seen_at', 'bigint').execute();
    await db.schema.createIndex('resources_by_token').on('resources').column('token_hash').unique().execute();

    // Run history is searched within one organization, newest first (stats/search): without this, 100 000 runs
    // were read and sorted for every search (bench search-100k).
    await db.schema.createIndex('runs_org_submitted').on('runs').columns(['org_id', 'time_submitted']).execute();

    // planned_at is null for Run Now, and nulls never collide: only planned firings (and missed ones) are unique.
    await db.schema.createIndex('schedule_executions_planned_once').on('schedule_executions').columns(['schedule_id', 'planned_at']).unique().execute();
  },
};
