import type { Kysely, Migration } from 'kysely';

/**
 * Desktop gateway agents (issue 18): one row per agent token of an organization, found by the SHA-256 of the token
 * an agent presents. device_id is its DESKTOP resource once it registered; claimed_status_id the run it took last,
 * so a restarted agent that claims again is told nothing twice.
 */
export const gatewayAgentsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('gateway_agents')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('device_id', 'text', (col) => col.unique())
      .addColumn('os', 'text')
      .addColumn('browsers', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('claimed_status_id', 'text')
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('gateway_agents_org').on('gateway_agents').column('org_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('gateway_agents').execute();
  },
};
