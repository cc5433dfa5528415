import { sql, type Kysely, type Migration } from 'kysely';

/**
 * Projects and display tokens (issue 17). Project names are unique per organization without case (an expression
 * index, as groups and labels). Links and date tags are keyed by their project first, so reading a project's links
 * is an index range (a schedule's runs are then reached through schedule_executions_schedule and the items' execution
 * index). Display tokens are found by the hash of the secret a display presents, and listed per organization.
 */
export const projectsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('projects')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('goal', 'integer')
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    await sql`create unique index projects_org_name on projects (org_id, lower(name))`.execute(db);

    await db.schema
      .createTable('project_collections')
      .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('collection_id', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('project_collections_pkey', ['project_id', 'collection_id'])
      .execute();

    await db.schema
      .createTable('project_schedules')
      .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('schedule_id', 'text', (col) => col.notNull())
      .addColumn('position', 'integer', (col) => col.notNull())
      .addPrimaryKeyConstraint('project_schedules_pkey', ['project_id', 'schedule_id'])
      .execute();

    await db.schema
      .createTable('project_date_tags')
      .addColumn('project_id', 'text', (col) => col.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('tag', 'text', (col) => col.notNull())
      .addColumn('date', 'text', (col) => col.notNull())
      .addPrimaryKeyConstraint('project_date_tags_pkey', ['project_id', 'date', 'tag'])
      .execute();

    await db.schema
      .createTable('display_tokens')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull())
      .addColumn('dashboard_id', 'text', (col) => col.notNull())
      .addColumn('name', 'text', (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull())
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('display_tokens_hash').on('display_tokens').column('token_hash').unique().execute();
    await db.schema.createIndex('display_tokens_org_created').on('display_tokens').columns(['org_id', 'created_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('display_tokens').execute();
    await db.schema.dropTable('project_date_tags').execute();
    await db.schema.dropTable('project_schedules').execute();
    await db.schema.dropTable('project_collections').execute();
    await db.schema.dropTable('projects').execute();
  },
};
