import { sql, type Kysely, type Migration } from 'kysely';

/** Import processes, collection attachments and the export file cache (schema-importexport.ts). */
export const importExportMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('import_processes')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('organizations.id'))
      .addColumn('user_id', 'text', (col) => col.notNull().references('users.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('PENDING', 'COMPLETED', 'CANCELLED')`))
      .addColumn('import_data_required', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('data_updated', 'text', (col) => col.notNull().defaultTo('{}'))
      .addColumn('file_name', 'text')
      .addColumn('collection_id', 'text', (col) => col.references('collections.id'))
      .addColumn('message', 'text', (col) => col.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('import_processes_user').on('import_processes').columns(['user_id', 'updated_at']).execute();

    await db.schema
      .createTable('collection_attachments')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('collection_id', 'text', (col) => col.notNull().references('collections.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('media_type', 'text', (col) => col.notNull())
      .addColumn('size', 'bigint', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await db.schema.createIndex('collection_attachments_collection').on('collection_attachments').columns(['collection_id', 'position']).execute();

    await db.schema
      .createTable('collection_exports')
      .addColumn('collection_id', 'text', (col) => col.primaryKey().references('collections.id'))
      .addColumn('version_key', 'text', (col) => col.notNull())
      .addColumn('file_name', 'text', (col) => col.notNull())
      .addColumn('size', 'bigint', (col) => col.notNull())
      .addColumn('etag', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
  },
};
