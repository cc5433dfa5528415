import { sql, type Kysely, type Migration } from 'kysely';

/** Variables and the data of Excel variables (schema-variables.ts); the variables a run starts with. */
export const variablesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('variables')
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('org_id', 'text', (col) => col.notNull().references('organizations.id'))
      .addColumn('variable_name', 'text', (col) => col.notNull())
      .addColumn('value', 'text', (col) => col.notNull().defaultTo('[]'))
      .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ('active', 'inactive')`))
      .addColumn('variable_type', 'text', (col) => col.notNull())
      .addColumn('value_type', 'text', (col) => col.notNull().check(sql`value_type in ('String', 'Resource', 'Excel')`))
      .addColumn('data_source', 'text')
      .addColumn('created_by', 'text', (col) => col.notNull())
      .addColumn('created_at', 'text', (col) => col.notNull())
      .addColumn('updated_at', 'text', (col) => col.notNull())
      .execute();
    // `${Name}` and `${name}` would read alike in a list: one live variable per name, ignoring case; a removed one frees it.
    await sql`create unique index variables_live_name on variables (org_id, lower(variable_name)) where status = 'active'`.execute(db);

    await db.schema
      .createTable('variable_excel_data')
      .addColumn('variable_id', 'text', (col) => col.primaryKey().references('variables.id').onDelete('cascade'))
      .addColumn('mapping', 'text', (col) => col.notNull())
      .addColumn('excel_rows', 'text', (col) => col.notNull())
      .addColumn('row_count', 'integer', (col) => col.notNull())
      .execute();

    // A data-driven run (Override Datasource) starts with its data row's values as `${name}` variables.
    await db.schema.alterTable('runs').addColumn('variables', 'text', (col) => col.notNull().defaultTo('{}')).execute();
  },
};
