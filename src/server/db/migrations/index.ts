import type { Migration, MigrationProvider } from 'kysely';
import { initialMigration } from './0001_initial';

/** Migrations live in code (not read from disk) so the server runs the same from source, tests and bundles. */
const migrations: Record<string, Migration> = {
  '0001_initial': initialMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
