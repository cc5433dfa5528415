import { sql, type Kysely, type Migration } from 'kysely';

/** Migrations see an untyped database: the schema they create is the one `schema.ts` describes afterwards. */
export const initialMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('organizations')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('license_type', 'text', (col) => col.notNull().check(sql`license_type in ('RTA', 'RPA', 'DOMA')`))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('users')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('user_id', 'text', (col) => col.notNull().unique())
      .addColumn('password_hash', 'text', (col) => col.notNull())
      .addColumn('first_name', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('last_name', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('org_id', 'text', (col) => col.notNull().references('organizations.id'))
      .addColumn('role_name', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('role_description', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('features', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('groups', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('refresh_tokens')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('family_id', 'text', (col) => col.notNull())
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('rotated_at', 'text')
      .addColumn('replaced_by', 'text')
      .addColumn('revoked', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();

    await db.schema
      .createTable('idempotency_keys')
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
      .addColumn('key', 'text', (col) => col.notNull())
      .addColumn('method', 'text', (col) => col.notNull())
      .addColumn('path', 'text', (col) => col.notNull())
      .addColumn('status', 'integer', (col) => col.notNull())
      .addColumn('headers', 'text', (col) => col.notNull())
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key', 'method', 'path'])
      .execute();
    await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();

    await db.schema
      .createTable('resources')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('device_id', 'text', (col) => col.notNull().unique())
      .addColumn('device_name', 'text', (col) => col.notNull())
      .addColumn('device_display_name', 'text', (col) => col.notNull())
      .addColumn('cmd_device_type', 'text', (col) => col.notNull().check(sql`cmd_device_type in ('MOBILE', 'DESKTOP', 'BROWSER')`))
      .addColumn('plugged_in', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('device_in_use', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();

    await db.schema
      .createTable('service_heartbeats')
      .addColumn('name', 'text', (col) => col.primaryKey())
      .addColumn('beat_at', 'text', (col) => col.notNull())
      .execute();
  },
};
