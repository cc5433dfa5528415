import { sql, type Kysely, type Migration } from 'kysely';

/** Collections, tags, image filters and failure labels (schema-collections.ts). */
export const collectionsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('collections')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('organizations.id'))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('document', 'text', (col) => col.notNull())
      .addColumn('tags', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('version', 'text')
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .addColumn('deleted', 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
    // Deleted collections keep their name, so a new collection may reuse it.
    await sql`create unique index collections_live_name on collections (org_id, lower(name)) where deleted = 0`.execute(db);

    await db.schema
      .createTable('tags')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('organizations.id'))
      .addColumn('tag_name', 'text', (col) => col.notNull())
      .addColumn('tag_type', 'text', (col) => col.notNull().check(sql`tag_type in ('VERSION_TAG', 'ORGANIZATION_TAG')`))
      .addColumn('hide_tag', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (col) => col.notNull())
      .execute();
    await sql`create unique index tags_name on tags (org_id, tag_type, lower(tag_name))`.execute(db);

    await db.schema
      .createTable('image_filters')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('type', 'text', (col) => col.notNull().check(sql`type in ('platform', 'app', 'resolution', 'functionality')`))
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await sql`create unique index image_filters_name on image_filters (type, lower(name))`.execute(db);

    await db.schema
      .createTable('failure_labels')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('organizations.id'))
      .addColumn('label_name', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await sql`create unique index failure_labels_name on failure_labels (org_id, lower(label_name))`.execute(db);

    // status_id names a run of 0003_runs, which migrates later, so it carries no foreign key.
    await db.schema
      .createTable('collection_labels')
      .addColumn('status_id', 'text', (col) => col.primaryKey())
      .addColumn('label_id', 'text', (col) => col.notNull().references('failure_labels.id').onDelete('cascade'))
      .addColumn('updated_by', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
  },
};
