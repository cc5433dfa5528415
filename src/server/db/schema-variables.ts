/** Tables of migration 0007_variables. Timestamps are ISO-8601 UTC text. */
export interface VariablesTable {
  id: string;
  org_id: string;
  variable_name: string;
  /** JSON string[]: String values, Resource device ids, Excel the mapping's variable names. */
  value: string;
  status: 'active' | 'inactive';
  variable_type: string;
  value_type: 'String' | 'Resource' | 'Excel';
  /** Excel: the uploaded file's name. */
  data_source: string | null;
  created_by: string;
  created_at: string;
  updated_at: string;
}

/** The sheet of an Excel variable, read once at upload. */
export interface VariableExcelDataTable {
  variable_id: string;
  /** JSON ExcelMapping[] (src/shared/contracts/variables.ts). */
  mapping: string;
  /** JSON Record<variableName, string>[]: data row N is element N - 1. */
  excel_rows: string;
  row_count: number;
}
