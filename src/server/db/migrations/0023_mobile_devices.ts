import type { Kysely, Migration } from 'kysely';

/**
 * Phones served by gateway agents (issue 28): one row per device an agent listed, keyed by its MOBILE resource's
 * device id (derived from the agent and the device's udid, so a device keeps its id across restarts). `listed` is 1
 * while the agent's last device list named it (a heartbeat keeps only those alive); claimed_status_id is the run the
 * device took last, as gateway_agents.claimed_status_id is for the agent's machine. gateway_agents.devices_registered_at
 * says the agent registered a device list, so an agent serving only phones counts as registered.
 */
export const mobileDevicesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('mobile_devices')
      .addColumn('device_id', 'text', (col) => col.primaryKey())
      .addColumn('agent_id', 'text', (col) => col.notNull())
      .addColumn('udid', 'text', (col) => col.notNull())
      .addColumn('platform', 'text', (col) => col.notNull())
      .addColumn('model', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('os_version', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('listed', 'integer', (col) => col.notNull().defaultTo(1))
      .addColumn('claimed_status_id', 'text')
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('mobile_devices_agent_udid').unique().on('mobile_devices').columns(['agent_id', 'udid']).execute();
    await db.schema.alterTable('gateway_agents').addColumn('devices_registered_at', 'text').execute();
  },
};
