import { sql, type Kysely, type Migration } from 'kysely';

interface Before {
  organizations: { id: string; created_at: string; is_platform: number; detail_number: number };
  users: { org_id: string; created_at: string };
}

/**
 * Organizations and their licences (issue 13): a licence is made by a platform administrator and bound to one
 * organization; organizations gain the platform flag, a detail number, their licence and an update time; users gain
 * `active` (the licence counts active users). Existing rows: the organization of the oldest user (the first start's
 * administrator) becomes the platform organization, and detail numbers follow creation order.
 */
export const organizationsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('licenses')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('product', 'text', (col) => col.notNull().check(sql`product in ('RTA', 'RPA', 'DOMA')`))
      .addColumn('trial', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('users', 'integer', (col) => col.notNull())
      .addColumn('duration_days', 'integer', (col) => col.notNull())
      .addColumn('parallels', 'integer', (col) => col.notNull())
      .addColumn('credit', 'bigint')
      .addColumn('credit_used', 'bigint', (col) => col.notNull().defaultTo(0))
      .addColumn('starts_at', 'text', (col) => col.notNull())
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('org_id', 'text', (col) => col.unique().references('organizations.id'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema.alterTable('organizations').addColumn('is_platform', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('organizations').addColumn('detail_number', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    await db.schema.alterTable('organizations').addColumn('license_id', 'text').execute();
    await db.schema.alterTable('organizations').addColumn('updated_at', 'text').execute();
    await sql`create unique index organizations_name on organizations (lower(name))`.execute(db);
    await db.schema.alterTable('users').addColumn('active', 'integer', (col) => col.notNull().defaultTo(1)).execute();
    // Counting an organization's active users and running runs (licence enforcement).
    await db.schema.createIndex('users_org_active').on('users').columns(['org_id', 'active']).execute();
    await db.schema.createIndex('runs_org_state').on('runs').columns(['org_id', 'state']).execute();

    const before = db as unknown as Kysely<Before>;
    const oldest = await before.selectFrom('users').select('org_id').orderBy('created_at').limit(1).executeTakeFirst();
    if (oldest) await before.updateTable('organizations').set({ is_platform: 1 }).where('id', '=', oldest.org_id).execute();
    const organizations = await before.selectFrom('organizations').select('id').orderBy('created_at').orderBy('id').execute();
    for (const [index, { id }] of organizations.entries()) {
      await before.updateTable('organizations').set({ detail_number: index + 1 }).where('id', '=', id).execute();
    }
  },
};
