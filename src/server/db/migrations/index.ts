import type { Migration, MigrationProvider } from 'kysely';
import { initialMigration } from './0001_initial';
import { collectionsMigration } from './0002_collections';
import { runsMigration } from './0003_runs';

/** Migrations live in code (not read from disk) so the server runs the same from source, tests and bundles. */
const migrations: Record<string, Migration> = {
  '0001_initial': initialMigration,
  '0002_collections': collectionsMigration,
  '0003_runs': runsMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
