export { DataTable, type DataTableProps } from './DataTable';
export type { DataTableColumn, DataTableRow, DataTableValues } from './types';
export { useChangedRows, type ChangedRows } from './useChangedRows';
export { ExportCsvDialog } from './ExportCsvDialog';
