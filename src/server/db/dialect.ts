import SqliteDatabase from 'better-sqlite3';
import { DatabaseError } from 'pg';
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Expression, type Kysely, type RawBuilder } from 'kysely';

/**
 * The one place where SQL differs between SQLite and PostgreSQL (DESIGN.md, "Beyond one machine"). Everything else
 * is plain Kysely and runs on both. Each helper reads the engine from the Kysely instance it is given.
 */
export type DialectName = 'sqlite' | 'postgres';

/** Any Kysely instance, whatever its tables: the engine is all these helpers read from it. */
type AnyDb = Pick<Kysely<unknown>, 'getExecutor'>;

export function dialectOf(db: AnyDb): DialectName {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}

/** Whether the JSON array of strings stored as text in `column` holds `value`. */
export function jsonArrayIncludes(db: AnyDb, column: Expression<unknown>, value: string): RawBuilder<boolean> {
  return dialectOf(db) === 'postgres'
    ? sql<boolean>`(${column})::jsonb @> jsonb_build_array(${value}::text)`
    : sql<boolean>`exists (select 1 from json_each(${column}) where json_each.value = ${value})`;
}

/**
 * Whether the JSON array of strings stored as text in `column` holds at least one of `values` (false for none given:
 * the caller leaves the filter out when it has nothing to filter by).
 */
export function jsonArrayIncludesAny(db: AnyDb, column: Expression<unknown>, values: readonly string[]): RawBuilder<boolean> {
  if (values.length === 0) return sql<boolean>`1 = 0`;
  return dialectOf(db) === 'postgres'
    ? sql<boolean>`(${column})::jsonb ?| ${[...values]}::text[]`
    : sql<boolean>`exists (select 1 from json_each(${column}) where json_each.value in (${sql.join([...values])}))`;
}

/** The string (or null) under the top-level `key` of the JSON object stored as text in `column`. */
export function jsonTextField(db: AnyDb, column: Expression<unknown>, key: string): RawBuilder<string | null> {
  return dialectOf(db) === 'postgres'
    ? sql<string | null>`(${column})::json ->> ${key}`
    : sql<string | null>`json_extract(${column}, ${`$.${key}`})`;
}

/**
 * Whether the text in `column` contains `text`, ignoring case (no wildcards: `%` and `_` are plain characters).
 * PostgreSQL lowers every script; SQLite's lower() lowers ASCII letters only, so there 'É' does not match 'é'.
 */
export function containsIgnoringCase(db: AnyDb, column: Expression<unknown>, text: string): RawBuilder<boolean> {
  return dialectOf(db) === 'postgres'
    ? sql<boolean>`strpos(lower(${column}), lower(${text})) > 0`
    : sql<boolean>`instr(lower(${column}), lower(${text})) > 0`;
}

/**
 * Object or array element `index` (from 0) of the JSON array stored as text in `column`, as JSON text with its keys in
 * their stored order (so `json`, not `jsonb`, on PostgreSQL); null past its end.
 */
export function jsonArrayElement(db: AnyDb, column: Expression<unknown>, index: number): RawBuilder<string | null> {
  const at = Math.max(0, Math.trunc(index));
  return dialectOf(db) === 'postgres'
    ? sql<string | null>`((${column})::json -> ${sql.lit(at)})::text`
    : sql<string | null>`json_extract(${column}, ${`$[${at}]`})`;
}

/** Whether the engine groups rows only by sorting them: SQLite has no hash aggregate, PostgreSQL hashes. */
export function groupsBySorting(db: AnyDb): boolean {
  return dialectOf(db) === 'sqlite';
}

/**
 * SQLite's `INDEXED BY index`, after a table in FROM, for a query whose better index SQLite's planner cannot know (it
 * keeps no statistics, so the query's shape decides). PostgreSQL plans from its statistics and has no such clause.
 */
export function indexedBy(db: AnyDb, index: string): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres' ? sql`` : sql`INDEXED BY ${sql.id(index)}`;
}

/**
 * A surrogate key the database numbers itself: SQLite's `integer primary key autoincrement` (a rowid alias) and
 * PostgreSQL's identity column.
 */
export function autoIncrementId(db: AnyDb) {
  return dialectOf(db) === 'postgres'
    ? { type: 'bigint' as const, build: (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity() }
    : { type: 'integer' as const, build: (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement() };
}

// PostgreSQL SQLSTATE codes (Appendix A of its manual).
const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
const PG_CONTENTION = ['40001', '40P01', '55P03'];

function sqliteCode(error: unknown): string | undefined {
  return error instanceof SqliteDatabase.SqliteError ? error.code : undefined;
}

/** A second row with the same value of a unique index (a name taken, say), other than the primary key. */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof DatabaseError) return error.code === PG_UNIQUE_VIOLATION && !error.constraint?.endsWith('_pkey');
  return sqliteCode(error) === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** A second row with the same primary key. */
export function isPrimaryKeyViolation(error: unknown): boolean {
  if (error instanceof DatabaseError) return error.code === PG_UNIQUE_VIOLATION && error.constraint?.endsWith('_pkey') === true;
  return sqliteCode(error) === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function isForeignKeyViolation(error: unknown): boolean {
  if (error instanceof DatabaseError) return error.code === PG_FOREIGN_KEY_VIOLATION;
  return sqliteCode(error) === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** The database could not take the statement now (a lock held elsewhere, a serialization failure): try again. */
export function isContention(error: unknown): boolean {
  if (error instanceof DatabaseError) return error.code !== undefined && PG_CONTENTION.includes(error.code);
  const code = sqliteCode(error);
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED';
}

/**
 * Locks the rows a SELECT reads until the transaction ends, skipping rows another transaction holds: PostgreSQL's
 * `FOR UPDATE SKIP LOCKED`. SQLite has one writer at a time and no row locks, so there the query is left as it is.
 */
export function lockedRowsSkipping<QB extends { forUpdate(): QB; skipLocked(): QB }>(db: AnyDb, query: QB): QB {
  return dialectOf(db) === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/**
 * Locks the rows a SELECT reads until the transaction ends, waiting for another transaction that holds them:
 * PostgreSQL's `FOR UPDATE`. SQLite has one writer at a time, so there the query is left as it is.
 */
export function lockedRowsWaiting<QB extends { forUpdate(): QB }>(db: AnyDb, query: QB): QB {
  return dialectOf(db) === 'postgres' ? query.forUpdate() : query;
}

/** PostgreSQL's session-level advisory lock `key`, taken if free; answers whether this session holds it now. */
export async function tryAdvisoryLock(connection: Kysely<unknown>, key: number): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${key}) as locked`.execute(connection);
  return rows[0]?.locked === true;
}

/** Waits for PostgreSQL's session-level advisory lock `key`. */
export async function advisoryLock(connection: Kysely<unknown>, key: number): Promise<void> {
  await sql`select pg_advisory_lock(${key})`.execute(connection);
}

export async function releaseAdvisoryLock(connection: Kysely<unknown>, key: number): Promise<void> {
  await sql`select pg_advisory_unlock(${key})`.execute(connection);
}

/** Whole milliseconds from `start` to `end`, both ISO-8601 UTC text columns (null when either is null). */
export function isoMillisBetween(db: AnyDb, start: Expression<unknown>, end: Expression<unknown>): RawBuilder<number | string | null> {
  return dialectOf(db) === 'postgres'
    ? sql<number | string | null>`round(extract(epoch from ((${end})::timestamptz - (${start})::timestamptz)) * 1000)`
    : sql<number | string | null>`round((julianday(${end}) - julianday(${start})) * 86400000)`;
}
